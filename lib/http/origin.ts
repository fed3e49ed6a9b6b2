import type { NextRequest } from 'next/server';
import { SESSION_COOKIE } from '@/lib/accounts/session';
import { getEnv } from '@/lib/env';
import { getPublicOrigin } from '@/lib/seo/origin';

export type OriginRefusal = 'missing_origin' | 'foreign_origin';

/**
 * The loopback names one machine answers to. The embedded default (no PUBLIC_ORIGIN) is a site on
 * this machine, and a browser opened at `127.0.0.1` or `[::1]` on its port is that same site: a
 * visitor cannot tell which of them the default means, and no other site can speak for them.
 */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

let accepted: { key: string; origins: ReadonlySet<string> } | undefined;

/**
 * The origins a browser may send changes from. With PUBLIC_ORIGIN configured, exactly that one
 * (scheme, host and port). Without it, the embedded default `http://localhost:$PORT` and the
 * other loopback names on the same port and scheme — never another port, scheme or host.
 */
export function acceptedOrigins(): ReadonlySet<string> {
  const env = getEnv();
  const origin = getPublicOrigin();
  const key = `${env.PUBLIC_ORIGIN ?? ''} ${origin}`;
  if (accepted?.key === key) return accepted.origins;
  const origins = new Set([origin]);
  if (!env.PUBLIC_ORIGIN) {
    const url = new URL(origin);
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  accepted = { key, origins };
  return origins;
}

/**
 * The CSRF rule for mutations: they must come from our own pages. A browser names the page's
 * origin on every POST, so:
 * - a request with an `Origin` must name one of acceptedOrigins() exactly (scheme, host and
 *   port: behind a TLS-terminating proxy Node sees `http`, so the request's own URL cannot say
 *   what the browser saw);
 * - a request carrying the session cookie but no `Origin` is refused: some browser contexts
 *   strip it, and an ambient credential must never act without it;
 * - bearer-token clients (the app, partners) carry no ambient credential and pass, as do
 *   requests with neither cookie nor Origin (not a browser acting for a victim).
 * Returns why a request is refused, or null. The refusal's message names the address to open
 * (lib/errors/messages.ts): a page opened at another name of the site is the common cause.
 */
export function checkRequestOrigin(request: NextRequest): OriginRefusal | null {
  if (request.headers.get('authorization')?.startsWith('Bearer ')) return null;
  const origin = request.headers.get('origin');
  if (origin === null) return request.cookies.has(SESSION_COOKIE) ? 'missing_origin' : null;
  return acceptedOrigins().has(origin) ? null : 'foreign_origin';
}
