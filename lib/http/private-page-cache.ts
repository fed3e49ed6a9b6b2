import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readCookieSession, SESSION_COOKIE } from '@/lib/accounts/session';
import { parseTag } from '@/lib/cache/tags';
import { processWide } from '@/lib/process-wide.cjs';
import { HtmlCache } from './html-cache';

// Which pages are kept here is a request's cache policy: PRIVATELY_CACHED_ROUTES in
// lib/request/resolution.ts, decided once per request by the front door.

/**
 * How long a page is served before Next renders it again although no tag expired it: the bound
 * on anything no tag covers (downloads counted, a day turning over on the charts), which the
 * figures' data cache bounds the same way (lib/selling/sales.ts).
 */
export const PRIVATE_PAGE_TTL_MS = 60_000;

/**
 * The process-wide cache of private pages, apart from the public pages' cache: a signed-in
 * account filling it with query variants evicts only private pages, and purges of either kind
 * never scan the other's keys. Smaller: each entry serves one session.
 */
export function getPrivatePageCache(): HtmlCache {
  // The clock is read through Date.now at each use, so tests can move it.
  return processWide('private-page-cache', () => new HtmlCache(2000, 64 * 1024 * 1024, () => Date.now()));
}

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);

/**
 * The session cookie of a plain page load (GET or HEAD, no client-router request, no bearer
 * token), or null when the request is not one the private cache answers.
 */
export function privatePageCandidate(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const h = req.headers;
  if (h['rsc'] || h['next-router-state-tree'] || h['next-router-prefetch'] || h['next-action'] || h['authorization'])
    return null;
  if (typeof h.cookie !== 'string') return null;
  const value = SESSION_COOKIE_PATTERN.exec(h.cookie)?.[1];
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The account a session cookie belongs to while its token is valid (not signed out, revoked or
 * expired): checked on every request, so a cached page is never served to a session that ended.
 */
export async function accountOfSessionCookie(sealed: string): Promise<number | null> {
  const session = await readCookieSession({
    get: (name) => (name === SESSION_COOKIE ? { value: sealed } : undefined),
  });
  return session?.userId ?? null;
}

/**
 * The key of a private page: the account first (purges drop an account's pages by prefix), then
 * what a public page's key has, then a digest of the whole Cookie header — a page is only ever
 * served to requests that carry exactly the cookies it was rendered for (session, impersonation,
 * remembered world).
 */
export function privatePageKey(req: IncomingMessage, userId: number): string {
  const h = req.headers;
  const encoding =
    typeof h['accept-encoding'] === 'string' && h['accept-encoding'].includes('gzip') ? 'gzip' : 'identity';
  const cookies = crypto
    .createHash('sha256')
    .update(String(h.cookie ?? ''))
    .digest('base64url');
  return `${userId}|${h.host ?? ''}|${req.url ?? '/'}|${encoding}|${cookies}`;
}

/**
 * Drops the private pages of each account a tag names: `seller:<id>` (their figures changed) and
 * `account-pages:<id>` (they wrote something). Other tags concern no private page.
 */
export function purgePrivatePages(tags: Iterable<string>, cache = getPrivatePageCache()): void {
  const prefixes: string[] = [];
  for (const tag of tags) {
    const parsed = parseTag(tag);
    if (parsed.kind === 'seller' || parsed.kind === 'account-pages') prefixes.push(`${parsed.id}|`);
  }
  if (prefixes.length === 0) return;
  cache.purgeWhere((key) => prefixes.some((prefix) => key.startsWith(prefix)));
}
