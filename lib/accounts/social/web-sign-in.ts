import type { NextRequest, NextResponse } from 'next/server';
import { AppError } from '@/lib/errors/app-error';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { isHttps, readAccessToken, writeSessionCookie } from '../session';
import { issueAccessToken } from '../tokens';
import { SOCIAL_FLOW_COOKIE, SOCIAL_FLOW_COOKIE_PATH, SOCIAL_FLOW_TTL_SECONDS } from './code-flow';
import { isSocialProvider, type SocialProvider } from './providers';
import { socialErrorFor, type SocialError } from '@/lib/social-sign-in/social-errors';

/** The `[provider]` segment of the social routes; an unknown one is a 404. */
export async function providerParam(params: Promise<{ provider: string }>): Promise<SocialProvider> {
  const { provider } = await params;
  if (!isSocialProvider(provider))
    throw new AppError('not_found', undefined, [{ path: 'provider', message: `Unknown provider "${provider}"` }]);
  return provider;
}

/**
 * Remembers the flow in its cookie. Apple answers with a cross-site form POST, which carries only
 * SameSite=None cookies (and browsers allow those over HTTPS only).
 */
export function setFlowCookie(
  response: NextResponse,
  request: NextRequest,
  provider: SocialProvider,
  value: string,
): void {
  const secure = isHttps(request);
  response.cookies.set(SOCIAL_FLOW_COOKIE, value, {
    httpOnly: true,
    secure,
    sameSite: provider === 'apple_id' && secure ? 'none' : 'lax',
    path: SOCIAL_FLOW_COOKIE_PATH,
    maxAge: SOCIAL_FLOW_TTL_SECONDS,
  });
}

export function clearFlowCookie(response: NextResponse): void {
  response.cookies.set(SOCIAL_FLOW_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    path: SOCIAL_FLOW_COOKIE_PATH,
    maxAge: 0,
  });
}

export function readFlowCookie(request: NextRequest): string | undefined {
  return request.cookies.get(SOCIAL_FLOW_COOKIE)?.value;
}

/**
 * Signs the website in: a new token in the httpOnly session cookie, never in the answer. Returns
 * the token the request came with (the anonymous identity it replaces), for the caller's merge.
 */
export async function startWebSession(
  response: NextResponse,
  request: NextRequest,
  userId: number,
  provider: SocialProvider,
): Promise<string | null> {
  const previousToken = await readAccessToken(request);
  const token = await issueAccessToken({ userId, clientId: 'web', grantType: provider });
  await writeSessionCookie(response, token, isHttps(request));
  return previousToken;
}

/** Maps a failure of the flow to what the visitor is told. */
export function socialErrorOf(error: unknown): SocialError {
  if (!(error instanceof AppError)) return 'failed';
  return socialErrorFor(error.code, (error.details as { reason?: unknown } | null)?.reason);
}

/** The login page of a world with the failure to show. */
export function loginPathWithError(world: WorldCode, error: SocialError): string {
  return `${pathFor(world, 'login')}?social_error=${error}`;
}
