import { expect, test, type Page } from '@playwright/test';
import { LEGAL_DOCUMENT_KINDS } from '../../lib/legal/legal-links';
import { pathFor } from '../../lib/routing/localized-routes';
import type { WorldCode } from '../../lib/worlds/worlds';
import { confirmedAccount } from './support/accounts';
import { linkFromLatestMail, mailsTo, outboxSize } from './support/mail';
import { untilInteractive } from './support/interactive';

async function interactive(page: Page) {
  await untilInteractive(page);
}

async function signIn(page: Page, world: WorldCode, email: string, password: string) {
  await page.goto(pathFor(world, 'login'));
  await interactive(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('.login-form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/${world}$`));
}

// One world per run of this journey (the registration texts of every language are checked by
// the view and mail tests); forgot-password below runs in fr.
for (const world of ['it'] as const) {
  test(`register, confirm through the mailed link, log in and log out (${world})`, async ({ page, context }) => {
    const email = `e2e-${world}-${Date.now()}@example.org`;
    const before = outboxSize();
    await page.goto(pathFor(world, 'register'));
    await interactive(page);
    // Bad input is refused on the page and nothing is sent.
    await page.locator('#register-email').fill('not-an-address');
    await page.locator('#register button[type="submit"]').click();
    await expect(page.locator('#register-email-error')).toBeVisible();
    expect(mailsTo('not-an-address', before)).toEqual([]);
    expect(mailsTo(email, before)).toEqual([]);

    await page.locator('#register-email').fill(email);
    await page.locator('#register-public_name').fill('Lehrerin E2E');
    await page.locator('#register-password').fill('e2e-passwort-1');
    await page.locator('#register-accept_terms').check();
    await page.locator('#register button[type="submit"]').click();
    await expect(page.getByTestId('register-success')).toBeVisible();

    const { link } = await linkFromLatestMail(email, before);
    expect(link).toContain(`/${world}/`);
    await page.goto(link);
    await expect(page.getByTestId('register-confirm-success')).toBeVisible();
    // The token is neither in the rendered page nor left in the address bar.
    const token = link.split('/').at(-1)!;
    expect(await page.content()).not.toContain(token);

    await page.getByTestId('register-confirm-success').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${pathFor(world, 'login')}$`));
    await signIn(page, world, email, 'e2e-passwort-1');
    await expect(page.getByTestId('account-menu')).toBeVisible();

    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('login-link')).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'kreide_session')).toBeUndefined();
    expect((await page.request.get('/api/v1/user')).status()).toBe(401);
  });
}

test('forgot password, recover through the mailed link, log in with the new password (fr)', async ({ page }) => {
  // An account of its own: a demo account whose password changes midway would fail any journey
  // signing in with it at the same time.
  const email = `oublie-${Date.now()}@example.org`;
  await confirmedAccount(page.request, 'fr', { email, password: 'e2e-passwort-0', name: 'Oublié E2E' });

  const before = outboxSize();
  await page.goto(pathFor('fr', 'forgot-password'));
  await interactive(page);
  await page.locator('#forgot-password-email').fill(email);
  await page.locator('#forgot-password button[type="submit"]').click();
  await expect(page.getByTestId('forgot-password-success')).toBeVisible();

  const { link } = await linkFromLatestMail(email, before);
  await page.goto(link);
  await interactive(page);
  await page.locator('#password-recovery-password').fill('kurz');
  await page.locator('#password-recovery button[type="submit"]').click();
  await expect(page.locator('#password-recovery-password-error')).toBeVisible();
  await page.locator('#password-recovery-password').fill('neues-e2e-passwort');
  await page.locator('#password-recovery button[type="submit"]').click();
  await expect(page.getByTestId('password-recovery-success')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await interactive(page);
  await page.locator('#password-recovery-password').fill('noch-ein-passwort');
  await page.locator('#password-recovery button[type="submit"]').click();
  await expect(page.getByTestId('password-recovery-error')).toBeVisible();

  await signIn(page, 'fr', email, 'neues-e2e-passwort');
  // Changed once more through the cabinet, which also proves that page, and signed in with it.
  await page.goto(pathFor('fr', 'cabinet-change-password'));
  await interactive(page);
  await page.locator('#change-password-current_password').fill('neues-e2e-passwort');
  await page.locator('#change-password-new_password').fill('encore-un-e2e-passwort');
  await page.locator('#change-password button[type="submit"]').click();
  await expect(page.getByTestId('change-password-success')).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, 'fr', email, 'encore-un-e2e-passwort');
});

test('new terms: the next page load asks to accept them, and accepting keeps the user where they were (es)', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, 'es', 'school-master@demo.test', 'kreide-demo');
  const where = `${pathFor('es', 'search')}?q=fracciones`;
  await page.goto(where);
  await interactive(page);
  await expect(page.getByTestId('accept-terms-prompt')).toHaveCount(0);

  // A browser names its origin on every POST; the API refuses cookie mutations without it.
  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL!).origin },
  });
  const signedIn = await admin.post('/api/v3/oauth2/authenticate?world=es', {
    data: { client_id: 'web', grant_type: 'password', username: 'admin@demo.test', password: 'kreide-demo' },
  });
  expect(signedIn.status()).toBe(200);
  const published = await admin.post('/api/v3/terms/publish?world=es', {
    data: {
      title: 'Condiciones generales (versión 2)',
      language: 'es',
      sections: Object.fromEntries(
        LEGAL_DOCUMENT_KINDS.map((kind) => [kind, { heading: kind, paragraphs: ['Nuevo texto de las condiciones.'] }]),
      ),
    },
  });
  expect(published.status()).toBe(201);
  await admin.dispose();

  await page.reload();
  const prompt = page.getByTestId('accept-terms-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Condiciones generales (versión 2)');
  await prompt.locator('button.button').first().click();
  await expect(prompt).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${where.replace('?', '\\?')}$`));
  expect((await page.request.get('/api/v3/oauth2/validate?world=es')).status()).toBe(200);
  await page.reload();
  await interactive(page);
  await expect(page.getByTestId('accept-terms-prompt')).toHaveCount(0);
});

test('an admin logs in as the demo buyer, sees the impersonation banner and goes back (de)', async ({ page }) => {
  await signIn(page, 'de', 'admin@demo.test', 'kreide-demo');
  await page.goto(pathFor('de', 'login-as'));
  await interactive(page);
  await page.locator('#login-as-email').fill('buyer@demo.test');
  await page.locator('#login-as button[type="submit"]').click();
  await expect(page).toHaveURL(/\/de$/);
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Demo Käuferin');
  expect(await (await page.request.get('/api/v1/user')).json()).toMatchObject({
    email: 'buyer@demo.test',
    loggedInAsAnotherUser: true,
  });

  await banner.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`${pathFor('de', 'login-as')}$`));
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  expect(await (await page.request.get('/api/v1/user')).json()).toMatchObject({
    email: 'admin@demo.test',
    loggedInAsAnotherUser: false,
  });
});

test('a buyer cannot log in as someone else (it)', async ({ page }) => {
  await signIn(page, 'it', 'buyer@demo.test', 'kreide-demo');
  await page.goto(pathFor('it', 'login-as'));
  await interactive(page);
  await page.locator('#login-as-email').fill('seller@demo.test');
  await page.locator('#login-as button[type="submit"]').click();
  await expect(page.getByTestId('login-as-error')).toBeVisible();
  expect(await (await page.request.get('/api/v1/user')).json()).toMatchObject({ email: 'buyer@demo.test' });
});

test('change the e-mail address in the cabinet and confirm it through the mailed link (de)', async ({ page }) => {
  const email = `wechsel-${Date.now()}@example.org`;
  await confirmedAccount(page.request, 'de', { email, password: 'e2e-passwort-2', name: 'Wechsel E2E' });

  await signIn(page, 'de', email, 'e2e-passwort-2');
  await page.goto(pathFor('de', 'cabinet-change-email'));
  await interactive(page);
  const newEmail = `neu-${email}`;
  await page.locator('#change-email-new_email').fill(newEmail);
  await page.locator('#change-email-password').fill('falsch-falsch');
  await page.locator('#change-email button[type="submit"]').click();
  await expect(page.locator('#change-email-password-error')).toBeVisible();
  await page.locator('#change-email-password').fill('e2e-passwort-2');
  await page.locator('#change-email button[type="submit"]').click();
  await expect(page.getByTestId('change-email-success')).toContainText(newEmail);

  const { link } = await linkFromLatestMail(newEmail);
  await page.goto(link);
  await expect(page.getByTestId('change-email-confirm-success')).toContainText(newEmail);
  expect(await (await page.request.get('/api/v1/user')).json()).toMatchObject({ email: newEmail });
});

test('an invitation link is kept and attached to the account created with it (it)', async ({ page }) => {
  await page.goto(pathFor('it', 'invitation', { code: 'demoseller' }));
  await expect(page.getByTestId('invitation')).toContainText('Frau Demo');
  expect(await page.evaluate(() => localStorage.getItem('kreide_invite_code'))).toBe('demoseller');
  await page.getByTestId('invitation').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${pathFor('it', 'register')}$`));
  await interactive(page);
  const email = `invitata-${Date.now()}@example.org`;
  await page.locator('#register-email').fill(email);
  await page.locator('#register-public_name').fill('Invitata E2E');
  await page.locator('#register-password').fill('e2e-passwort-3');
  await page.locator('#register-accept_terms').check();
  await page.locator('#register button[type="submit"]').click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  await linkFromLatestMail(email);

  // An unknown code says so.
  await page.goto(pathFor('it', 'invitation', { code: 'nessuno' }));
  await expect(page.getByTestId('invitation').getByRole('alert')).toBeVisible();
});

test('my author profile leads a seller to their author page (de)', async ({ page }) => {
  await signIn(page, 'de', 'seller@demo.test', 'kreide-demo');
  await page.goto(pathFor('de', 'author-redirect'));
  await expect(page).toHaveURL(/\/de\/autor\/\d+\/frau-demo$/);
});

test('follow an author from a material page: anonymous at once, kept through sign-in, unfollowed in place (gr)', async ({
  page,
}) => {
  const found = await (await page.request.get('/api/v3/search?world=gr&sort=bestseller')).json();
  const material = found.items[0] as { id: number; slug: string };
  const materialPath = pathFor('gr', 'material', { id: String(material.id), slug: material.slug });

  await page.goto(materialPath);
  const follow = page.locator('.author-card').getByTestId('follow-entry');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const sent = page.waitForResponse((response) => response.url().includes('/anonymous/subscribe'));
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  expect((await sent).status()).toBe(200);
  await page.reload();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  await page.goto(`${pathFor('gr', 'login')}?next=${encodeURIComponent(materialPath)}`);
  await interactive(page);
  await page.locator('#login-email').fill('buyer@demo.test');
  await page.locator('#login-password').fill('kreide-demo');
  await page.locator('.login-form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${materialPath}$`));
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  const removed = page.waitForResponse((response) => response.url().includes('/anonymous/unsubscribe'));
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  expect((await removed).status()).toBe(200);
  await page.reload();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
});
