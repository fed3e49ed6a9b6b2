import type { NextRequest } from 'next/server';
import { AppError } from '@/lib/api/errors';
import { isForeignOrigin } from '@/lib/http/origin';
import { readSession, SESSION_COOKIE } from './session';
import type { ValidToken } from './tokens';

export type SignedInSession = ValidToken & { token: string; userId: number };

export interface RequireUserOptions {
  /** A mutation: a cookie-authenticated request must come from our own origin. */
  mutation?: boolean;
  /**
   * `'refuse'`: an admin acting as the user (login-as) gets 403 `{ reason: 'impersonation' }`.
   * For payout and identity details (bank details, e-mail, password, account deletion), which
   * only the user may change. Default `'allow'`: the admin otherwise works as the user.
   */
  impersonation?: 'allow' | 'refuse';
}

/**
 * The signed-in user of an API request, or a 401. For mutations (`mutation: true`) a request
 * authenticated by the session cookie must come from our own origin (DESIGN §6); bearer-token
 * clients (the app) are not exposed to cross-site requests and pass. With
 * `impersonation: 'refuse'` a login-as session is refused with 403.
 */
export async function requireUser(request: NextRequest, options: RequireUserOptions = {}): Promise<SignedInSession> {
  if (options.mutation && usesSessionCookie(request) && isForeignOrigin(request)) {
    throw new AppError('forbidden', undefined, { reason: 'foreign_origin' });
  }
  const session = await readSession(request);
  if (!session) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  if (session.userId === null) throw new AppError('unauthorized', undefined, { reason: 'anonymous' });
  if (options.impersonation === 'refuse' && session.impersonatorUserId !== null) {
    throw new AppError('forbidden', undefined, { reason: 'impersonation' });
  }
  return session as SignedInSession;
}

/** True when the request authenticates with the session cookie rather than a bearer token. */
export function usesSessionCookie(request: NextRequest): boolean {
  return !request.headers.get('authorization')?.startsWith('Bearer ') && request.cookies.has(SESSION_COOKIE);
}
