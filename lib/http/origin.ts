import type { NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/accounts/session';
import { getPublicOrigin } from '@/lib/seo/origin';

export type OriginRefusal = 'missing_origin' | 'foreign_origin';

/**
 * The CSRF rule for mutations: they must come from our own pages. A browser names the page's
 * origin on every POST, so:
 * - a request with an `Origin` must name our configured public origin exactly (scheme, host and
 *   port: behind a TLS-terminating proxy Node sees `http`, so the request's own URL cannot say
 *   what the browser saw);
 * - a request carrying the session cookie but no `Origin` is refused: some browser contexts
 *   strip it, and an ambient credential must never act without it;
 * - bearer-token clients (the app, partners) carry no ambient credential and pass, as do
 *   requests with neither cookie nor Origin (not a browser acting for a victim).
 * Returns why a request is refused, or null.
 */
export function checkRequestOrigin(request: NextRequest): OriginRefusal | null {
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return null;
  const origin = request.headers.get('origin');
  if (origin === null) return request.cookies.has(SESSION_COOKIE) ? 'missing_origin' : null;
  return origin === getPublicOrigin() ? null : 'foreign_origin';
}
