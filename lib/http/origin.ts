import type { NextRequest } from 'next/server';

/**
 * Cookie-authenticated mutations must come from our own pages (DESIGN §6): a browser sends
 * `Origin` on every POST, and a different host means another site is trying. Requests without
 * Origin (the app, server-to-server) authenticate by bearer token instead.
 */
export function isForeignOrigin(request: NextRequest): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host !== (request.headers.get('host') ?? request.nextUrl.host);
  } catch {
    return true;
  }
}
