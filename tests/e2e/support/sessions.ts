import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

/** The demo accounts every seeded database has, all with the demo password. */
export const DEMO_ACCOUNTS = [
  'buyer@demo.test',
  'seller@demo.test',
  'admin@demo.test',
  'school-master@demo.test',
] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];
export const DEMO_PASSWORD = 'kreide-demo';

const SESSIONS = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e', 'e2e-sessions');

/** Where the signed-in browser state of a demo account is kept for one run. */
export function sessionFile(email: DemoAccount): string {
  return path.join(SESSIONS, `${email}.json`);
}

/**
 * Signs a demo account in once per run and keeps its cookies (tests/e2e/sessions.setup.ts).
 * Journeys that need a signed-in account but do not test signing in take this state instead of
 * signing in again: the sign-in limit is 100 per address in 10 minutes (docs/decisions.md,
 * "Credential stuffing"), and two lanes of journeys share one address.
 */
export async function signInOnce(browser: Browser, baseURL: string, email: DemoAccount): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/v3/oauth2/authenticate?world=de', {
    headers: { origin: baseURL },
    data: { client_id: 'web', grant_type: 'password', username: email, password: DEMO_PASSWORD },
  });
  expect(response.status(), `signing ${email} in`).toBe(200);
  fs.mkdirSync(SESSIONS, { recursive: true });
  await context.storageState({ path: sessionFile(email) });
  await context.close();
}

/**
 * A new browser context signed in as a demo account, from the session kept for the run. Only for
 * journeys that neither sign out, nor change the account's password or e-mail, nor delete it:
 * the session is shared with every other journey of the run.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  email: DemoAccount,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, ...options, storageState: sessionFile(email) });
}

/** The `name=value` of the session cookie kept for a demo account, for raw requests. */
export function sessionCookie(email: DemoAccount): string {
  const state = JSON.parse(fs.readFileSync(sessionFile(email), 'utf8')) as {
    cookies: { name: string; value: string }[];
  };
  const session = state.cookies.find((cookie) => cookie.name === 'kreide_session');
  if (!session) throw new Error(`no session kept for ${email}`);
  return `${session.name}=${session.value}`;
}
