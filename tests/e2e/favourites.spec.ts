import { expect, test, type Locator, type Page } from '@playwright/test';
import { pathFor } from '../../lib/routing/localized-routes';
import type { WorldCode } from '../../lib/worlds/worlds';
import { confirmedAccount, freshAddress } from './support/accounts';
import { linkFromLatestMail, outboxSize } from './support/mail';
import { untilInteractive } from './support/interactive';

/**
 * Favourites and follows as visitors meet them: hearts on the cards of a stored page (which work
 * before, and without, Next's runtime), follow on the author page, the favourites page, and the
 * anonymous list joining the account at sign-up and sign-in. One world per journey (de, it, gr).
 */

const heartOf = (page: Page, id: string) => page.locator(`button[data-keep="material"][data-keep-id="${id}"]`);
/** Taps a heart or follow button and waits until the server has the change. */
async function tapAndWait(page: Page, button: Locator) {
  const sent = page.waitForResponse((response) => /\/anonymous\/(un)?subscribe/.test(response.url()));
  await button.tap();
  expect((await sent).status()).toBe(200);
}

const homeCards = (page: Page) => page.locator('.shelf .card button[data-keep="material"]');

/** The ids of the first `count` distinct materials on the home page's shelves. */
async function homeMaterialIds(page: Page, count: number): Promise<string[]> {
  const ids = await homeCards(page).evaluateAll((forms) => forms.map((form) => form.getAttribute('data-keep-id')!));
  return [...new Set(ids)].slice(0, count);
}

async function signIn(page: Page, world: WorldCode, email: string, password: string) {
  await page.goto(`${pathFor(world, 'login')}?next=${encodeURIComponent(pathFor(world, 'favourites'))}`);
  await untilInteractive(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('.login-form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${pathFor(world, 'favourites')}$`));
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('an anonymous visitor hearts three materials and follows an author; after signing up they are in the account (de)', async ({
  page,
}) => {
  const world = 'de';
  await page.goto(pathFor(world, 'home'));
  const ids = await homeMaterialIds(page, 3);
  expect(ids).toHaveLength(3);
  for (const id of ids) {
    const sent = page.waitForResponse((response) => response.url().includes('/anonymous/subscribe'));
    await heartOf(page, id).first().tap();
    // Shown at once: before the server answers.
    await expect(heartOf(page, id).first()).toHaveAttribute('aria-pressed', 'true');
    expect((await sent).status()).toBe(200);
  }
  // Every card of the same material on the page follows, and so does a reload.
  expect(
    await heartOf(page, ids[0]!).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-pressed'))),
  ).not.toContain('false');
  await page.reload();
  for (const id of ids) await expect(heartOf(page, id).first()).toHaveAttribute('aria-pressed', 'true');

  // Follow the author of the first material on the author's page.
  await page.goto(
    await page
      .locator('.card-link')
      .first()
      .getAttribute('href')
      .then((href) => href!),
  );
  const authorLink = page.locator('.material-author a');
  await page.goto((await authorLink.getAttribute('href'))!);
  const follow = page.locator('.author-header [data-testid="follow-entry"]');
  await tapAndWait(page, follow);
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  const authorName = (await page.locator('.author-header h1').innerText()).trim();
  await page.reload();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  // Sign up in this browser, confirm through the mailed link here, sign in.
  const email = freshAddress('merkzettel-de');
  const before = outboxSize();
  await page.goto(pathFor(world, 'register'));
  await untilInteractive(page);
  await page.locator('#register-email').fill(email);
  await page.locator('#register-public_name').fill('Merkzettel Lehrerin');
  await page.locator('#register-password').fill('e2e-passwort-merk');
  await page.locator('#register-accept_terms').check();
  await page.locator('#register button[type="submit"]').click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  const { link } = await linkFromLatestMail(email, before);
  await page.goto(link);
  await expect(page.getByTestId('register-confirm-success')).toBeVisible();
  await signIn(page, world, email, 'e2e-passwort-merk');

  await expect(page.getByTestId('favourites-total')).toHaveText('3 Materialien');
  for (const id of ids) await expect(heartOf(page, id)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.favourites-authors li a').first()).toHaveText(authorName);
  await expect(page.locator('.favourites-anonymous')).toHaveCount(0);
});

test('signing in joins the anonymous favourites with the account’s, without duplicates (gr)', async ({
  page,
  request,
}) => {
  const world = 'gr';
  const account = { email: freshAddress('merkzettel-gr'), password: 'e2e-passwort-gr', name: 'Αγαπημένα Δοκιμή' };
  await confirmedAccount(request, world, account);
  await page.goto(pathFor(world, 'home'));
  const [shared, onlyAnonymous, onlyAccount] = await homeMaterialIds(page, 3);

  // The account already keeps two of them (signed in elsewhere: the API, as a phone app would).
  const app = await request.post('/api/v3/oauth2/authenticate', {
    data: { client_id: 'app', grant_type: 'password', username: account.email, password: account.password },
  });
  const token = ((await app.json()) as { access_token: string }).access_token;
  for (const id of [shared, onlyAccount])
    expect(
      (
        await request.post(`/api/v3/subscriptions/subscribe?world=${world}`, {
          headers: { authorization: `Bearer ${token}` },
          data: { subjectId: Number(id), subjectType: 'material' },
        })
      ).status(),
    ).toBe(200);

  // The account's favourites page, opened elsewhere (and so kept rendered for the account).
  const web = await request.post(`/api/v3/oauth2/authenticate?world=${world}`, {
    data: { client_id: 'web', grant_type: 'password', username: account.email, password: account.password },
  });
  expect(web.status()).toBe(200);
  const totalElsewhere = async () =>
    (await (await request.get(pathFor(world, 'favourites'))).text()).match(
      /data-testid="favourites-total">([^<]*)</,
    )?.[1];
  expect(await totalElsewhere()).toContain('2');

  for (const id of [shared, onlyAnonymous]) {
    await tapAndWait(page, heartOf(page, id!).first());
    await expect(heartOf(page, id!).first()).toHaveAttribute('aria-pressed', 'true');
  }
  // A second tab of this browser sees the same list.
  const second = await page.context().newPage();
  await second.goto(pathFor(world, 'favourites'));
  await expect(second.getByTestId('favourites-total')).toContainText('2');

  await signIn(page, world, account.email, account.password);
  await expect(page.getByTestId('favourites-total')).toContainText('3');
  const kept = await page
    .locator('.shelf-items button[data-keep="material"]')
    .evaluateAll((forms) => forms.map((form) => form.getAttribute('data-keep-id')));
  expect(kept.sort()).toEqual([shared, onlyAnonymous, onlyAccount].sort());
  // The merge reached the copy kept for the account too.
  expect(await totalElsewhere()).toContain('3');

  // The other tab, back in view after the sign-in, shows the account's list too.
  await second.reload();
  await expect(second.getByTestId('favourites-total')).toContainText('3');
  // Removing in one tab is what the other finds on its next load.
  await page.locator(`.card:has(button[data-keep-id="${shared}"]) .keep-remove button`).tap();
  await expect(page.locator('.form-notice')).toBeVisible();
  await expect(page.getByTestId('favourites-total')).toContainText('2');
  await second.goto(pathFor(world, 'home'));
  await expect(heartOf(second, shared!).first()).toHaveAttribute('aria-pressed', 'false');
  await expect(heartOf(second, onlyAccount!).first()).toHaveAttribute('aria-pressed', 'true');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('hearts, follows and removes as plain form posts (it)', async ({ page }) => {
    const world = 'it';
    await page.goto(pathFor(world, 'home'));
    const [id] = await homeMaterialIds(page, 1);
    await heartOf(page, id!).first().tap();
    await expect(page).toHaveURL(new RegExp(`${pathFor(world, 'favourites')}\\?notice=added$`));
    await expect(page.locator('.form-notice')).toBeVisible();
    await expect(page.locator(`.shelf-items button[data-keep-id="${id}"]`)).toHaveCount(1);
    await expect(page.getByTestId('favourites-total')).toBeVisible();

    // Follow an author from their page: back on it, at the notice.
    const materialHref = (await page.locator('.card-link').first().getAttribute('href'))!;
    await page.goto(materialHref);
    await page.goto((await page.locator('.material-author a').getAttribute('href'))!);
    const authorPath = new URL(page.url()).pathname;
    await page.locator('.author-header [data-testid="follow-entry"]').tap();
    await expect(page).toHaveURL(new RegExp(`${authorPath}#followed$`));
    await expect(page.locator('#followed')).toBeVisible();

    await page.goto(pathFor(world, 'favourites'));
    await expect(page.locator('.favourites-authors li')).toHaveCount(1);
    await page.locator('.favourites-authors .keep-remove button').tap();
    await expect(page).toHaveURL(/notice=unfollowed$/);
    await expect(page.locator('.favourites-authors li')).toHaveCount(0);
    await page.locator(`.card:has(button[data-keep-id="${id}"]) .keep-remove button`).tap();
    await expect(page).toHaveURL(/notice=removed$/);
    await expect(page.locator('.favourites-empty')).toBeVisible();
    await expect(page.locator('.favourites-empty a')).toHaveAttribute('href', pathFor(world, 'search'));
  });
});
