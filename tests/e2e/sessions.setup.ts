import { test } from '@playwright/test';
import { DEMO_ACCOUNTS, signInOnce } from './support/sessions';

// Runs before both lanes of journeys (playwright.config.ts): one sign-in per demo account per run.
test('the demo accounts are signed in once for the journeys that do not test signing in', async ({
  browser,
  baseURL,
}) => {
  for (const email of DEMO_ACCOUNTS) await signInOnce(browser, baseURL!, email);
});
