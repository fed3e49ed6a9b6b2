import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pathFor } from '../../lib/routing/localized-routes';
import { createMailLinkToken } from '../../lib/subscriptions/mail-links';
import type { WorldCode } from '../../lib/worlds/worlds';
import { confirmedAccount, freshAddress } from './support/accounts';
import { untilInteractive } from './support/interactive';

/**
 * The links of the followed-authors digest in the browser (it): a teacher follows an author;
 * the digest's "unfollow" link opened in another browser (a mail app's, no session) asks, one
 * press unfollows and says so, the next follows again; the "no more of these mails" link turns
 * the digest off and back on. The links are made as the digest makes them (the server's session
 * secret signs them; the digest mail itself is tested in tests/integration/follower-digest.test.ts).
 */
const world: WorldCode = 'it';

/** The app's signing secret, read from the server's data folder, so this process makes real links. */
function useServersSecret() {
  const file = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e', 'session-secret');
  process.env.SESSION_SECRET = fs.readFileSync(file, 'utf8').trim();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(pathFor(world, 'login'));
  await untilInteractive(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-password').press('Enter');
  await expect(page).not.toHaveURL(new RegExp(pathFor(world, 'login')));
}

test('a digest’s unfollow and unsubscribe links work without signing in and can be undone (it)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  useServersSecret();
  const email = freshAddress('digest-it');
  const password = 'e2e-digest-it-1';
  await confirmedAccount(page.request, world, { email, password, name: 'Insegnante Digest' });
  await signIn(page, email, password);
  const me = await (await page.request.get(`/api/v1/user?world=${world}`)).json();
  const userId = Number((me as { id: number }).id);
  expect(userId).toBeGreaterThan(0);

  // The author of a material, followed (the follow button itself is tested in favourites.spec.ts).
  await page.goto(pathFor(world, 'home'));
  await page.goto((await page.locator('.card-link').first().getAttribute('href'))!);
  await page.goto((await page.locator('.material-author a').getAttribute('href'))!);
  const follow = page.locator('.author-header [data-testid="follow-entry"]');
  const authorId = Number(await follow.getAttribute('data-keep-id'));
  const authorName = (await page.locator('.author-header h1').textContent())!.trim();
  const followed = await page.request.post(`/api/v3/subscriptions/subscribe?world=${world}`, {
    headers: { origin: baseURL! },
    data: { subjectId: authorId, subjectType: 'author' },
  });
  expect(followed.status()).toBe(200);
  const follows = async () =>
    (
      (await (await page.request.get(`/api/v1/subscriptions?type=author&world=${world}`)).json()) as {
        items: { subjectId: number }[];
      }
    ).items.map((item) => item.subjectId);
  expect(await follows()).toContain(authorId);

  // The mail app's browser: no session.
  const mailApp = await browser.newContext({ baseURL });
  try {
    const reader = await mailApp.newPage();
    const unfollowToken = createMailLinkToken({ partition: 'authors', userId, authorId });
    const opened = await reader.goto(pathFor(world, 'unfollow-author', { token: unfollowToken }));
    expect(opened!.status()).toBe(200);
    expect(opened!.headers()['x-robots-tag']).toContain('noindex');
    expect(opened!.headers()['referrer-policy']).toBe('same-origin');
    // Opening the link changes nothing (mail scanners open every link): the page asks first.
    await expect(reader.locator('section[data-state="subscribed"]')).toBeVisible();
    await expect(reader.getByTestId('mail-link-done')).toContainText(authorName);
    await expect(reader.locator('body')).not.toContainText(email);
    expect(await follows()).toContain(authorId);
    await reader.getByTestId('mail-link-confirm').click();
    await expect(reader).toHaveURL(/\?state=off$/);
    await expect(reader.locator('section[data-state="unsubscribed"]')).toBeVisible();
    await expect(reader.getByTestId('mail-link-done')).toContainText(authorName);
    expect(await follows()).not.toContain(authorId);

    // The page's button follows again (a plain form post with our Origin), and a reload changes nothing.
    await reader.getByTestId('mail-link-undo').click();
    await expect(reader).toHaveURL(/\?state=on$/);
    await expect(reader.locator('section[data-state="subscribed"]')).toBeVisible();
    expect(await follows()).toContain(authorId);
    await reader.reload();
    await expect(reader.locator('section[data-state="subscribed"]')).toBeVisible();
    expect(await follows()).toContain(authorId);

    // "No more of these mails": the digest off, then on again.
    const preferences = async () =>
      (
        (await (await page.request.get(`/api/v3/notification-preferences?world=${world}`)).json()) as {
          notification_preferences: { followed_authors: boolean };
        }
      ).notification_preferences;
    const offToken = createMailLinkToken({ partition: 'notifications', userId, kind: 'followed_authors' });
    await reader.goto(pathFor(world, 'unsubscribe', { token: offToken }));
    await reader.getByTestId('mail-link-confirm').click();
    await expect(reader.locator('section[data-state="unsubscribed"]')).toBeVisible();
    expect((await preferences()).followed_authors).toBe(false);
    await reader.getByTestId('mail-link-undo').click();
    await expect(reader.locator('section[data-state="subscribed"]')).toBeVisible();
    expect((await preferences()).followed_authors).toBe(true);

    // A link that was tampered with: a clear message, nothing changed.
    await reader.goto(pathFor(world, 'unsubscribe', { token: `${offToken.split('.')[0]}.AAAA` }));
    await expect(reader.locator('section[data-state="invalid"]')).toBeVisible();
    expect((await preferences()).followed_authors).toBe(true);
  } finally {
    await mailApp.close();
  }
});
