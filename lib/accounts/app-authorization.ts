import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { getEnv } from '@/lib/env';
import { consumeAccountToken, issueAccountToken } from './account-tokens';

/**
 * Where the mobile app may receive an authorization code: APP_REDIRECT_URIS (comma-separated),
 * by default the app's own scheme. Anything else is refused, so a code never reaches a stranger.
 */
export function allowedAppRedirectUris(): string[] {
  return getEnv()
    .APP_REDIRECT_URIS.split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
}

export const authorizeSchema = z
  .object({
    client_id: z.literal('app', { message: 'Only the Kreide app can be authorised' }),
    redirect_uri: z.string().max(500),
    state: z.string().max(500).optional(),
    code_challenge: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43,128}$/, { message: 'A PKCE code challenge (S256) is required' }),
    code_challenge_method: z.literal('S256'),
    decision: z.enum(['allow', 'deny']),
  })
  .strict();

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * The user's answer on the app's consent page (authorize): allowing issues a single-use code
 * bound to the redirect URI and the PKCE challenge; denying answers access_denied. Either way
 * the answer is where the browser goes next.
 */
export async function decideAppAuthorization(
  userId: number,
  input: z.infer<typeof authorizeSchema>,
): Promise<{ redirect: string }> {
  if (!allowedAppRedirectUris().includes(input.redirect_uri)) {
    throw new AppError('validation_failed', undefined, [
      { path: 'redirect_uri', message: 'This redirect URI is not registered for the app' },
    ]);
  }
  if (input.decision === 'deny')
    return { redirect: withParams(input.redirect_uri, { error: 'access_denied', state: input.state }) };
  const code = await issueAccountToken(userId, 'authorization_code', {
    client_id: input.client_id,
    redirect_uri: input.redirect_uri,
    code_challenge: input.code_challenge,
  });
  return { redirect: withParams(input.redirect_uri, { code, state: input.state }) };
}

/**
 * Exchanges an authorization code for the app's user: the code is single-use and short-lived,
 * and the verifier must hash to the challenge the consent page saw (RFC 7636).
 */
export async function redeemAuthorizationCode(input: {
  code?: string;
  code_verifier?: string;
  redirect_uri?: string;
}): Promise<number> {
  const invalid = () => new AppError('unauthorized', undefined, { reason: 'invalid_grant' });
  if (!input.code || !input.code_verifier || !input.redirect_uri) throw invalid();
  const used = await consumeAccountToken(input.code, 'authorization_code');
  const payload = used?.payload as { redirect_uri?: string; code_challenge?: string } | null | undefined;
  if (!used || !payload) throw invalid();
  const challenge = crypto.createHash('sha256').update(input.code_verifier).digest('base64url');
  const challengeOk =
    payload.code_challenge !== undefined &&
    challenge.length === payload.code_challenge.length &&
    crypto.timingSafeEqual(Buffer.from(challenge), Buffer.from(payload.code_challenge));
  if (payload.redirect_uri !== input.redirect_uri || !challengeOk) throw invalid();
  return used.userId;
}
