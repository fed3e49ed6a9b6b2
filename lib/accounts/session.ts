import { sealData, unsealData } from 'iron-session';
import type { NextRequest, NextResponse } from 'next/server';
import { getSessionSecret } from './session-secret';
import { ACCESS_TOKEN_TTL_MS, findValidToken, type ValidToken } from './tokens';

/** The httpOnly session cookie holding the web's access token; page scripts never read it. */
export const SESSION_COOKIE = 'kreide_session';

interface SessionData {
  token: string;
  /** During login-as: the admin's own token, restored when the impersonation ends. */
  returnToken?: string;
}

/** Anything that hands out request cookies: a NextRequest's jar or `cookies()` in a page. */
export interface CookieReader {
  get(name: string): { value: string } | undefined;
}

/**
 * Cookies opened recently, by their sealed text: opening one derives its keys anew (PBKDF2 and
 * two key imports) on every request of a session, and the same text always holds the same data.
 * Only what opened is kept, for a minute at most; the token inside is still checked against the
 * database on every request.
 */
const OPENED_TTL_MS = 60_000;
const OPENED_MAX = 10_000;
const opened = new Map<string, { data: SessionData; until: number }>();

async function unsealSession(sealed: string): Promise<SessionData | null> {
  const now = Date.now();
  const known = opened.get(sealed);
  if (known && known.until > now) return known.data;
  opened.delete(sealed);
  try {
    const data = await unsealData<SessionData>(sealed, { password: getSessionSecret() });
    if (typeof data.token !== 'string') return null;
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(sealed, { data, until: now + OPENED_TTL_MS });
    return data;
  } catch {
    return null;
  }
}

async function readSessionData(request: { cookies: CookieReader }): Promise<SessionData | null> {
  const sealed = request.cookies.get(SESSION_COOKIE)?.value;
  if (!sealed) return null;
  return unsealSession(sealed);
}

/** The admin's own token kept in the cookie while they act as another user, or null. */
export async function readReturnToken(request: NextRequest): Promise<string | null> {
  return (await readSessionData(request))?.returnToken ?? null;
}

/** The access token a request carries: `Authorization: Bearer` (app) or the session cookie (web). */
export async function readAccessToken(request: NextRequest): Promise<string | null> {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return (await readSessionData(request))?.token ?? null;
}

/** True when the request authenticates with the session cookie rather than a bearer token. */
export function usesSessionCookie(request: NextRequest): boolean {
  return !request.headers.get('authorization')?.startsWith('Bearer ') && request.cookies.has(SESSION_COOKIE);
}

/** The validated token of a request, or null. */
export async function readSession(request: NextRequest): Promise<(ValidToken & { token: string }) | null> {
  const token = await readAccessToken(request);
  if (!token) return null;
  const valid = await findValidToken(token);
  return valid ? { ...valid, token } : null;
}

/**
 * The validated session of a page request, from its session cookie alone (pages have no
 * Authorization header), or null.
 */
export async function readCookieSession(cookies: CookieReader): Promise<(ValidToken & { token: string }) | null> {
  const token = (await readSessionData({ cookies }))?.token;
  if (!token) return null;
  const valid = await findValidToken(token);
  return valid ? { ...valid, token } : null;
}

/** Puts the token into the sealed session cookie (httpOnly, SameSite=Lax, Secure behind HTTPS). */
export async function writeSessionCookie(
  response: NextResponse,
  token: string,
  secure: boolean,
  returnToken?: string,
): Promise<void> {
  const data: SessionData = returnToken ? { token, returnToken } : { token };
  const sealed = await sealData(data, { password: getSessionSecret(), ttl: ACCESS_TOKEN_TTL_MS / 1000 });
  response.cookies.set(SESSION_COOKIE, sealed, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ACCESS_TOKEN_TTL_MS / 1000,
  });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
}

/** True when the request reached us over HTTPS (directly or behind a proxy that says so). */
export function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}
