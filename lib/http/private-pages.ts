import type { IncomingMessage } from 'node:http';
import { readCookieSession, SESSION_COOKIE } from '@/lib/accounts/session';
import { TAGS } from '@/lib/cache/tags';
import { isPlainPageLoad } from './page-store';

// Which pages are kept here is a request's cache policy: PRIVATELY_CACHED_ROUTES in
// lib/request/resolution.ts, decided once per request by the front door. They are kept in the
// page store's private partition (lib/http/page-store.ts), keyed by privatePageKey there.

/**
 * How long a page is served before Next renders it again although no tag expired it: the bound
 * on anything no tag covers (downloads counted, a day turning over on the charts), which the
 * figures' data cache bounds the same way (lib/selling/sales.ts).
 */
export const PRIVATE_PAGE_TTL_MS = 60_000;

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);

/**
 * The session cookie of a plain page load (isPlainPageLoad), or null when the request is not one
 * a private page may answer.
 */
export function privatePageCandidate(req: IncomingMessage): string | null {
  if (!isPlainPageLoad(req)) return null;
  const cookie = req.headers.cookie;
  if (typeof cookie !== 'string') return null;
  const value = SESSION_COOKIE_PATTERN.exec(cookie)?.[1];
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The account a session cookie belongs to while its token is valid (not signed out, revoked or
 * expired): checked on every request, so a stored page is never served to a session that ended.
 */
export async function accountOfSessionCookie(sealed: string): Promise<number | null> {
  const session = await readCookieSession({
    get: (name) => (name === SESSION_COOKIE ? { value: sealed } : undefined),
  });
  return session?.userId ?? null;
}

/**
 * The tags of an account's private pages: `account-pages:<id>` (they wrote something) and
 * `seller:<id>` (their figures changed). Purging either drops them.
 */
export function privatePageTags(userId: number): string[] {
  return [TAGS.accountPages(userId), TAGS.seller(userId)];
}
