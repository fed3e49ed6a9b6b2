import type { NextRequest } from 'next/server';
import { AppError } from '@/lib/api/errors';
import { isForeignOrigin } from '@/lib/http/origin';
import { readSession, SESSION_COOKIE } from './session';
import type { ValidToken } from './tokens';

export type SignedInSession = ValidToken & { token: string; userId: number };

/**
 * The signed-in user of an API request, or a 401. For mutations (`mutation: true`) a request
 * authenticated by the session cookie must come from our own origin (DESIGN §6); bearer-token
 * clients (the app) are not exposed to cross-site requests and pass.
 */
export async function requireUser(request: NextRequest, options: { mutation?: boolean } = {}): Promise<SignedInSession> {
  if (options.mutation && usesSessionCookie(request) && isForeignOrigin(request)) {
    throw new AppError('forbidden', undefined, { reason: 'foreign_origin' });
  }
  const session = await readSession(request);
  if (!session) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  if (session.userId === null) throw new AppError('unauthorized', undefined, { reason: 'anonymous' });
  return session as SignedInSession;
}

/** True when the request authenticates with the session cookie rather than a bearer token. */
export function usesSessionCookie(request: NextRequest): boolean {
  return !request.headers.get('authorization')?.startsWith('Bearer ') && request.cookies.has(SESSION_COOKIE);
}
