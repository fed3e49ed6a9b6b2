import { expect, type APIRequestContext } from '@playwright/test';
import type { WorldCode } from '../../../lib/worlds/worlds';
import { linkFromLatestMail } from './mail';

/**
 * Registers an account through the API and confirms it through its mailed link, ready to sign in.
 * For journeys that change what an account is (a seller now, a reminded cart) and must find it as
 * it was on every run, not as an earlier run on the same database left a demo account.
 */
export async function confirmedAccount(
  request: APIRequestContext,
  world: WorldCode,
  account: { email: string; password: string; name: string },
): Promise<void> {
  const registered = await request.post(`/api/v3/registration/register?world=${world}`, {
    data: { email: account.email, password: account.password, public_name: account.name, accept_terms: true },
  });
  expect(registered.status()).toBe(202);
  const { link } = await linkFromLatestMail(account.email);
  const confirmed = await request.post('/api/v3/registration/confirm', { data: { token: link.split('/').at(-1) } });
  expect(confirmed.status()).toBe(200);
}

/** An address nobody has used yet on this database. */
export function freshAddress(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}
