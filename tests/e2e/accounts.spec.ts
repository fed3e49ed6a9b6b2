import { expect, test } from '@playwright/test';
import { untilInteractive } from './support/interactive';

for (const [world, loginPath, heading] of [
  ['de', '/de/anmelden', 'Anmelden'],
  ['it', '/it/accedi', null],
] as const) {
  test(`sign in with the demo buyer in ${world}, and a wrong password is refused`, async ({ page, context }) => {
    await page.goto(loginPath);
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await untilInteractive(page);

    await page.locator('#login-email').fill('buyer@demo.test');
    await page.locator('#login-password').fill('wrong-password');
    await page.locator('.login-form button[type="submit"]').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'kreide_session')).toBeUndefined();

    await page.locator('#login-password').fill('kreide-demo');
    await page.locator('.login-form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`/${world}$`));
    const session = (await context.cookies()).find((c) => c.name === 'kreide_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(await page.evaluate(() => localStorage.getItem('kreide_logged_in'))).toBe('1');
    const user = await page.request.get('/api/v1/user');
    expect(user.status()).toBe(200);
    expect(await user.json()).toMatchObject({ email: 'buyer@demo.test' });
  });
}
