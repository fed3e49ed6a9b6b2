import 'server-only';
import type { NextRequest } from 'next/server';
import { getAccountRole } from '@/lib/accounts/accounts';
import { readSession } from '@/lib/accounts/session';
import type { ValidToken } from '@/lib/accounts/tokens';
import { AppError } from '@/lib/errors/app-error';

/** Who may call a route, from anyone to an admin acting as themselves. */
export const AUTH_LEVELS = ['anonymous', 'visitor', 'client', 'user', 'seller', 'admin'] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];

/** A valid token of any kind: an anonymous client-credentials token has no user id. */
export type ClientSession = ValidToken & { token: string };
/** A valid token of a signed-in user. */
export type UserSession = ClientSession & { userId: number };

/** What a route receives as its session for each level. */
export type SessionFor<A extends AuthLevel> = A extends 'anonymous'
  ? null
  : A extends 'visitor'
    ? ClientSession | null
    : A extends 'client'
      ? ClientSession
      : UserSession;

/**
 * Resolves the caller of a route for its declared level, or throws the matching 401/403.
 * An admin acting as another user (login-as) has that user's rights, never admin powers, and
 * is refused where the route says `impersonation: false`.
 */
export async function resolveRouteAuth(
  request: NextRequest,
  level: AuthLevel,
  options: { impersonation: boolean },
): Promise<ClientSession | null> {
  if (level === 'anonymous') return null;
  const session = await readSession(request);
  // A visitor may come with or without a token (a form posted before any script ran has none);
  // an expired one makes them anonymous rather than refused, so the form still works.
  if (level === 'visitor') return session;
  if (!session) throw new AppError('unauthorized', undefined, { reason: 'invalid_token' });
  if (level === 'client') return session;
  if (session.userId === null) throw new AppError('unauthorized', undefined, { reason: 'anonymous' });
  if (!options.impersonation && session.impersonatorUserId)
    throw new AppError('forbidden', undefined, { reason: 'impersonation' });
  if (level === 'seller' || level === 'admin') {
    const role = session.account ?? (await getAccountRole(session.userId));
    if (level === 'seller' && !role?.isSeller) throw new AppError('forbidden', undefined, { reason: 'seller_only' });
    if (level === 'admin' && (session.impersonatorUserId || role?.role !== 'admin'))
      throw new AppError('forbidden', undefined, { reason: 'admin_only' });
  }
  return session;
}
