import { expect, test, type Page } from '@playwright/test';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { OIDC_TEST_PORT, oidcTestMountPath, type OidcTestProvider } from './support/oidc-test-provider-env';

// The app runs with the test OpenID provider (tests/e2e/support/oidc-test-provider.ts) configured
// for Google, Facebook and Microsoft; playwright.config.ts starts both.
const PROVIDER_ORIGIN = `http://127.0.0.1:${OIDC_TEST_PORT}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Signs in on the test provider's page, as a person would. */
async function signInAtProvider(page: Page, provider: OidcTestProvider, email: string, name: string) {
  await expect(page).toHaveURL(
    new RegExp(`^${escape(`${PROVIDER_ORIGIN}${oidcTestMountPath(provider)}/interaction/`)}`),
  );
  await page.locator('#op-email').fill(email);
  await page.locator('#op-name').fill(name);
  await page.locator('#op-submit').click();
}

const JOURNEYS: { world: WorldCode; provider: OidcTestProvider; name: string }[] = [
  { world: 'de', provider: 'google', name: 'Greta Google' },
  // Microsoft comes back to the world's Microsoft redirect page, which completes the sign-in.
  { world: 'fr', provider: 'microsoft', name: 'Marie Microsoft' },
];

for (const { world, provider, name } of JOURNEYS) {
  test(`sign in with ${provider} through the test OpenID provider in ${world}`, async ({ page, context }) => {
    const email = `social-${world}@example.test`;
    await page.goto(pathFor(world, 'login'));
    // Buttons only for configured providers: Apple is not configured in this run.
    await expect(page.locator('[data-testid="social-sign-in"] a[data-provider]')).toHaveCount(3);
    await expect(page.locator('a[data-provider="apple_id"]')).toHaveCount(0);

    await page.locator(`a[data-provider="${provider}"]`).click();
    const completed =
      provider === 'microsoft'
        ? page.waitForResponse((r) => r.url().includes('/api/v3/oauth2/social/microsoft/complete'))
        : null;
    await signInAtProvider(page, provider, email, name);
    if (completed) expect((await completed).status()).toBe(200);

    await expect(page).toHaveURL(new RegExp(`/${world}$`));
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'kreide_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(cookies.find((c) => c.name === 'kreide_social')).toBeUndefined();
    if (provider === 'microsoft') expect(await page.evaluate(() => localStorage.getItem('kreide_logged_in'))).toBe('1');

    const user = await page.request.get('/api/v1/user');
    expect(user.status()).toBe(200);
    expect(await user.json()).toMatchObject({ email, details: { publicName: name } });
  });
}

test('cancelling at the provider comes back to the login page with a message (de)', async ({ page, context }) => {
  await page.goto(pathFor('de', 'login'));
  await page.locator('a[data-provider="google"]').click();
  await expect(page).toHaveURL(new RegExp(`^${escape(PROVIDER_ORIGIN)}/`));
  await page.locator('#op-cancel').click();
  await expect(page).toHaveURL(new RegExp(`${escape(pathFor('de', 'login'))}\\?social_error=cancelled$`));
  await expect(page.getByTestId('social-error')).toHaveText('Die Anmeldung wurde abgebrochen.');
  expect((await context.cookies()).find((c) => c.name === 'kreide_session')).toBeUndefined();
});
