import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { authenticateSocial, SOCIAL_PROVIDERS, type SocialProvider } from './social/authenticate-social';
import { enforce, RATE_LIMITS } from '@/lib/security/rate-limit';
import { getAccountStatus } from './accounts';
import { hashPassword, passwordMatches } from './password-hash';
import { redeemAuthorizationCode } from './app-authorization';
import { beginPasswordSignIn } from './sign-in-limits';
import { CLIENT_IDS, issueAccessToken, issueAccessTokenRow, type ClientId } from './tokens';
import type { WorldCode } from '@/lib/worlds/worlds';

export const GRANT_TYPES = [
  'password',
  'client_credentials',
  'google',
  'apple_id',
  'facebook',
  'microsoft',
  'authorization_code',
] as const;

function isSocialProvider(grant: string): grant is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(grant);
}

/** The body of `POST v3/oauth2/authenticate`. */
export const authenticateSchema = z
  .object({
    client_id: z.enum(CLIENT_IDS, { message: 'Unknown client id' }),
    grant_type: z.enum(GRANT_TYPES),
    username: z.string().trim().max(320).optional(),
    password: z.string().max(1000).optional(),
    scopes: z.union([z.string(), z.array(z.string())]).optional(),
    platform: z.string().max(50).optional(),
    token: z.string().max(10_000).optional(),
    /** authorization_code grant (the app, after the consent page): code, PKCE verifier, redirect URI. */
    code: z.string().max(100).optional(),
    code_verifier: z.string().max(128).optional(),
    redirect_uri: z.string().max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.grant_type === 'password') {
      if (!body.username)
        ctx.addIssue({ code: 'custom', path: ['username'], message: 'Required for the password grant' });
      if (!body.password)
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'Required for the password grant' });
    }
  });

export type AuthenticateInput = z.infer<typeof authenticateSchema>;

// Verified against when the account does not exist, so a wrong e-mail costs as long as a
// wrong password and the answer cannot tell which one it was (no account enumeration).
let dummyHash: Promise<string> | undefined;

/**
 * A new anonymous (client-credentials) token. Every one stores a row for 30 days: without a
 * limit per address anyone could fill the table.
 */
export async function issueAnonymousToken(
  ip: string,
  clientId: ClientId = 'web',
): Promise<{ token: string; tokenId: number }> {
  await enforce({ key: `anonymous-token:ip:${ip}`, ...RATE_LIMITS.anonymousTokensPerIp });
  return issueAccessTokenRow({ userId: null, clientId, grantType: 'client_credentials' });
}

/**
 * Signs in with a grant (password, client credentials or a social provider) and returns a new
 * access token. Password: e-mail (lower-cased) and password checked with argon2id. Client
 * credentials: an anonymous token. Social grants verify the provider's ID token
 * (lib/accounts/social); a new account is created in `context.world`.
 */
export async function authenticate(
  input: AuthenticateInput,
  context: { ip: string; world?: WorldCode },
): Promise<{ access_token: string; oauth_user_id: number | null }> {
  const clientId: ClientId = input.client_id;
  if (input.grant_type === 'client_credentials')
    return { access_token: (await issueAnonymousToken(context.ip, clientId)).token, oauth_user_id: null };
  await enforce({ key: `sign-in:ip:${context.ip}`, ...RATE_LIMITS.signInPerIp });
  if (input.grant_type === 'authorization_code') {
    if (clientId !== 'app')
      throw new AppError('validation_failed', undefined, [
        { path: 'client_id', message: 'The authorization_code grant is for the app' },
      ]);
    const userId = await redeemAuthorizationCode(input);
    return {
      access_token: await issueAccessToken({ userId, clientId, grantType: 'authorization_code' }),
      oauth_user_id: userId,
    };
  }
  if (isSocialProvider(input.grant_type)) {
    const userId = await authenticateSocial(input.grant_type, input.token, { world: context.world });
    return {
      access_token: await issueAccessToken({ userId, clientId, grantType: input.grant_type }),
      oauth_user_id: userId,
    };
  }
  const email = input.username!.toLowerCase();
  // Counted as a failure until the password proves right; the lock holds back only this IP.
  const attempt = await beginPasswordSignIn(email, context.ip);
  const [user] = await getDb()
    .select({ id: t.users.id, passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(eq(t.users.email, email));
  dummyHash ??= hashPassword('kreide-no-such-account');
  const hash = user?.passwordHash ?? (await dummyHash);
  const ok = await passwordMatches(hash, input.password!);
  if (!user || !user.passwordHash || !ok)
    throw new AppError('unauthorized', undefined, { reason: 'invalid_credentials' });
  await attempt.succeeded();
  const status = await getAccountStatus(user.id);
  // Only someone who knows the password learns that the address still needs confirming.
  if (status === 'pending') throw new AppError('forbidden', undefined, { reason: 'email_not_confirmed' });
  if (status === 'deleted') throw new AppError('unauthorized', undefined, { reason: 'invalid_credentials' });
  return {
    access_token: await issueAccessToken({ userId: user.id, clientId, grantType: 'password' }),
    oauth_user_id: user.id,
  };
}
