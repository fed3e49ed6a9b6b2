import { expect, test, type APIRequestContext } from '@playwright/test';
import type { OutboxMail } from '@/lib/mail/outbox';
import { pathFor } from '@/lib/routing/localized-routes';
import { confirmedAccount, freshAddress } from './support/accounts';
import { mailsTo, outboxSize } from './support/mail';

/**
 * The abandoned-cart reminder in the browser (it): a teacher leaves a cart, the sweep of
 * the app under test mails the restore link, and a fresh anonymous browser restores the cart
 * from it without scripts being needed.
 *
 * The e2e server must run with KREIDE_TEST_ABANDONED_CART_SECONDS (e.g. '2' in the webServer env
 * of playwright.config.ts): then a cart counts as abandoned after that many seconds and the sweep
 * runs that often. Without it the first reminder would come after a day.
 */

const SUBJECT = 'Il tuo carrello su Kreide ti aspetta';

async function setMarketingConsent(request: APIRequestContext, origin: string, newsletter: boolean) {
  const response = await request.post('/api/v3/notification-preferences?world=it', {
    headers: { origin },
    data: { newsletter },
  });
  expect(response.status()).toBe(200);
}

test('a teacher’s left cart is reminded, and its link restores it in a fresh anonymous browser (it)', async ({
  browser,
  baseURL,
}) => {
  const teacher = freshAddress('carrello');
  const origin = baseURL!;
  // A teacher of her own: the demo buyer's cart, once reminded, is not reminded again while its
  // link lives (lib/commerce/abandoned-carts.ts), so a second run on this database would wait in vain.
  const buyer = await browser.newContext({ baseURL });
  await confirmedAccount(buyer.request, 'it', { email: teacher, password: 'e2e-carrello-1', name: 'Insegnante E2E' });
  const signedIn = await buyer.request.post('/api/v3/oauth2/authenticate?world=it', {
    headers: { origin },
    data: { client_id: 'web', grant_type: 'password', username: teacher, password: 'e2e-carrello-1' },
  });
  expect(signedIn.status()).toBe(200);
  const found = await (await buyer.request.get('/api/v3/search?world=it&price=paid&sort=newest')).json();
  const material = (found.items as { id: number; title: string }[])[2]!;
  const since = outboxSize();

  // The cart first, then the consent to marketing mail (a reminder is one): the sweep claims the
  // cart once it has been left alone long enough, with this line in it.
  const added = await buyer.request.post('/api/v1/cart/add?world=it', {
    headers: { origin },
    data: { material_id: material.id },
  });
  expect(added.status()).toBe(200);
  await setMarketingConsent(buyer.request, origin, true);
  const visitor = await browser.newContext({ baseURL });
  try {
    let reminder: OutboxMail | undefined;
    await expect
      .poll(
        () => {
          reminder = mailsTo(teacher, since, SUBJECT)[0];
          return Boolean(reminder);
        },
        {
          message: 'no reminder mail: is the app under test running with KREIDE_TEST_ABANDONED_CART_SECONDS?',
          timeout: 30_000,
        },
      )
      .toBe(true);
    expect(reminder!.text).toContain(material.title);
    const link = new URL(reminder!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toMatch(/^\/it\/ripristina-carrello\/[\w-]{43}$/);

    // A fresh browser without a session or a cart: the link's page lists the cart.
    const page = await visitor.newPage();
    await page.goto(link.pathname);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const lines = page.getByTestId('restore-lines').locator('li');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(material.title);
    await expect(page.getByRole('link', { name: 'Accedi e tutto finirà nel tuo carrello.' })).toHaveAttribute(
      'href',
      `${pathFor('it', 'login')}?next=${encodeURIComponent(link.pathname)}`,
    );

    await page.getByTestId('restore-cart').click();
    await expect(page).toHaveURL(`${pathFor('it', 'cart')}?notice=restored`);
    await expect(page.getByText('Il tuo carrello è stato ripristinato.')).toBeVisible();
    const restored = page.getByTestId('cart-lines').locator('li');
    await expect(restored).toHaveCount(1);
    await expect(restored.first()).toContainText(material.title);
    await expect(page.getByTestId('header-cart').locator('.cart-count')).toHaveAttribute(
      'aria-label',
      'Materiali nel carrello: 1',
    );

    // A link that opens nothing says so, with the way to the cart.
    await page.goto(pathFor('it', 'abandoned-cart', { token: 'x'.repeat(43) }));
    await expect(page.getByText('Questo link non è più valido', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vai al carrello' })).toHaveAttribute('href', pathFor('it', 'cart'));
  } finally {
    // Nothing left to remind: no marketing mail, an empty cart.
    await setMarketingConsent(buyer.request, origin, false);
    await buyer.request.post('/api/v1/cart/remove?world=it', {
      headers: { origin },
      data: { material_id: material.id },
    });
    await visitor.close();
    await buyer.close();
  }
});
