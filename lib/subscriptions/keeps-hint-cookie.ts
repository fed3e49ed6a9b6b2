import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { ACCESS_TOKEN_TTL_MS } from '@/lib/accounts/tokens';
import { isHttps } from '@/lib/accounts/session';
import { KEEPS_HINT_COOKIE } from './keeps-hint';

/**
 * Sets or clears the keeps hint after a change (only when it would change): lives as long as the
 * session it describes.
 */
export function rememberKeeps(request: NextRequest, response: NextResponse, keeps: boolean): void {
  const known = request.cookies.get(KEEPS_HINT_COOKIE)?.value === '1';
  if (known === keeps) return;
  response.cookies.set(KEEPS_HINT_COOKIE, keeps ? '1' : '', {
    httpOnly: false,
    sameSite: 'lax',
    secure: isHttps(request),
    path: '/',
    maxAge: keeps ? ACCESS_TOKEN_TTL_MS / 1000 : 0,
  });
}

/** Clears the hint whatever the request says (logout: the next visitor starts with nothing). */
export function forgetKeeps(response: NextResponse): void {
  response.cookies.set(KEEPS_HINT_COOKIE, '', { httpOnly: false, sameSite: 'lax', path: '/', maxAge: 0 });
}
