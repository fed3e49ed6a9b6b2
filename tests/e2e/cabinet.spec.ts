import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { renderAccountMail } from '@/lib/mail/account-mails';
import { pathFor } from '@/lib/routing/localized-routes';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { confirmedAccount } from './support/accounts';
import { mailsTo } from './support/mail';
import { untilInteractive } from './support/interactive';

/** The cabinet-settings texts of a world's language over the English ones (the app's fallback). */
function texts(world: WorldCode) {
  const read = (language: string) => {
    const file = path.join(process.cwd(), 'messages', language, 'cabinet-settings.json');
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  };
  const merge = (base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      [...new Set([...Object.keys(base), ...Object.keys(over)])].map((key) => {
        const a = base[key];
        const b = over[key];
        return [
          key,
          a && b && typeof a === 'object' && typeof b === 'object'
            ? merge(a as Record<string, unknown>, b as Record<string, unknown>)
            : (b ?? a),
        ];
      }),
    );
  return merge(read('en'), read(getWorld(world).language)) as {
    common: { saved: string };
    bank: { errors: { iban: { invalid: string } } };
  };
}

/** Signs in through the login page, as a person would; the page then lands on the world's home. */
async function signIn(page: Page, world: WorldCode, email: string, password: string) {
  await page.goto(pathFor(world, 'login'));
  await untilInteractive(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('.login-form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/${world}$`));
}

/** Opens a cabinet page and waits until it is interactive. */
async function openCabinet(page: Page, world: WorldCode, route: Parameters<typeof pathFor>[1]) {
  await page.goto(pathFor(world, route));
  await untilInteractive(page);
}

const ADDRESSES = {
  de: { name: 'Erika Mustermann', street: 'Heidestraße 17', postal: '51147', city: 'Köln', country: 'DE' },
  it: { name: 'Giulia Rossi', street: 'Via Nazionale 12', postal: '00184', city: 'Roma', country: 'IT' },
} as const;

// Each journey runs in one world, rotating: the settings texts of both are checked by the view tests.
const JOURNEY_WORLD = { signIn: 'it', billing: 'de', deletion: 'it' } as const;

for (const world of ['de', 'it'] as const) {
  test.describe(`settings cabinet in ${world}`, () => {
    if (world === JOURNEY_WORLD.signIn)
      test('a visitor who is not signed in is sent to the login page (307) and, signed in, comes back to the page', async ({
        page,
        request,
      }) => {
        const target = pathFor(world, 'cabinet-billing-address');
        const answer = await request.get(target, { maxRedirects: 0 });
        expect(answer.status()).toBe(307);
        expect(answer.headers()['location']).toBe(`${pathFor(world, 'login')}?next=${encodeURIComponent(target)}`);
        await page.goto(target);
        await expect(page).toHaveURL(new RegExp(`${pathFor(world, 'login')}\\?next=`));
        await untilInteractive(page);
        await page.locator('#login-email').fill('buyer@demo.test');
        await page.locator('#login-password').fill('kreide-demo');
        await page.locator('.login-form button[type="submit"]').click();
        await expect(page).toHaveURL(new RegExp(`${target}$`));
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
        await expect(page.getByTestId('billing-address-form')).toBeVisible();
      });

    if (world === JOURNEY_WORLD.billing)
      test('the demo buyer saves a billing address that survives a reload, is told about a bad IBAN, and downloads the data export', async ({
        page,
      }) => {
        const t = texts(world);
        const address = ADDRESSES[world];
        await signIn(page, world, 'buyer@demo.test', 'kreide-demo');
        // Another journey may have published new terms meanwhile: accept them, so no prompt waits.
        expect(
          (
            await page.request.post(`/api/v3/terms/accept-agb?world=${world}`, {
              data: {},
              headers: { origin: new URL(page.url()).origin },
            })
          ).status(),
        ).toBe(200);

        await openCabinet(page, world, 'cabinet-billing-address');
        const form = page.getByTestId('billing-address-form');
        await expect(form).toBeVisible();
        await page.locator('#billing-full_name').fill(address.name);
        await page.locator('#billing-company').fill('');
        await page.locator('#billing-street').fill(address.street);
        await page.locator('#billing-postal_code').fill(address.postal);
        await page.locator('#billing-city').fill(address.city);
        await page.locator('#billing-country_code').selectOption(address.country);
        await page.locator('#billing-vat_id').fill('');
        await form.locator('button[type="submit"]').click();
        await expect(form.getByTestId('form-saved')).toHaveText(t.common.saved);

        await page.reload();
        await untilInteractive(page);
        await expect(page.locator('#billing-full_name')).toHaveValue(address.name);
        await expect(page.locator('#billing-street')).toHaveValue(address.street);
        await expect(page.locator('#billing-postal_code')).toHaveValue(address.postal);
        await expect(page.locator('#billing-city')).toHaveValue(address.city);
        await expect(page.locator('#billing-country_code')).toHaveValue(address.country);

        await openCabinet(page, world, 'cabinet-bank-details');
        const bank = page.getByTestId('bank-details-form');
        await expect(bank).toBeVisible();
        await page.locator('#bank-account_holder').fill(address.name);
        await page.locator('#bank-iban').fill('DE89 3704 0044 0532 0130 01');
        await page.locator('#bank-bic').fill('COBADEFFXXX');
        await bank.locator('button[type="submit"]').click();
        await expect(page.getByTestId('bank-iban-error')).toHaveText(t.bank.errors.iban.invalid);
        await expect(page.locator('#bank-iban')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('#bank-iban')).toBeFocused();
        // Nothing the user typed is lost; correcting the one digit saves.
        await expect(page.locator('#bank-account_holder')).toHaveValue(address.name);
        await page.locator('#bank-iban').fill('DE89 3704 0044 0532 0130 00');
        await bank.locator('button[type="submit"]').click();
        await expect(bank.getByTestId('form-saved')).toHaveText(t.common.saved);
        await expect(page.getByTestId('bank-iban-error')).toHaveCount(0);

        await openCabinet(page, world, 'cabinet-delete-account');
        const downloading = page.waitForEvent('download');
        await page.getByTestId('data-export-link').click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/^kreide-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
        const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
        expect(data).toMatchObject({
          format: 'kreide-data-export',
          account: { email: 'buyer@demo.test' },
          billing_address: { full_name: address.name, city: address.city, country_code: address.country },
          bank_details: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        });
      });

    if (world === JOURNEY_WORLD.deletion)
      test('a freshly registered account is deleted after the password is confirmed, and cannot sign in again', async ({
        page,
      }) => {
        const email = `delete-me-${world}-${Date.now()}@example.test`;
        const password = 'a long enough password';
        const name = 'Cancella Mi';
        await confirmedAccount(page.request, world, { email, password, name });

        await signIn(page, world, email, password);
        await openCabinet(page, world, 'cabinet-delete-account');
        const form = page.getByTestId('delete-account-form');
        await expect(form).toBeVisible();
        await form.locator('#delete-password').fill('not the password');
        await form.locator('#delete-confirm').check();
        await form.locator('button[type="submit"]').click();
        await expect(page.getByTestId('delete-password-error')).toBeVisible();
        await form.locator('#delete-password').fill(password);
        await form.locator('button[type="submit"]').click();
        await expect(page.getByTestId('account-deleted')).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('kreide_logged_in'))).toBeNull();
        expect((await page.context().cookies()).find((c) => c.name === 'kreide_session')).toBeUndefined();
        expect((await page.request.get('/api/v1/user')).status()).toBe(401);

        const goodbye = renderAccountMail('accountDeleted', world, { name }).subject;
        await expect.poll(() => mailsTo(email, 0, goodbye).length).toBeGreaterThan(0);

        await page.goto(pathFor(world, 'login'));
        await untilInteractive(page);
        await page.locator('#login-email').fill(email);
        await page.locator('#login-password').fill(password);
        await page.locator('.login-form button[type="submit"]').click();
        await expect(page.getByTestId('login-error')).toBeVisible();
        expect((await page.context().cookies()).find((c) => c.name === 'kreide_session')).toBeUndefined();
      });
  });
}
