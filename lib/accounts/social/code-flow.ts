import crypto from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { AppError } from '@/lib/errors/app-error';
import { pathFor } from '@/lib/routing/localized-routes';
import { getPublicOrigin } from '@/lib/seo/origin';
import type { WorldCode } from '@/lib/worlds/worlds';
import { getSessionSecret } from '../session-secret';
import { createAppleClientSecret } from './apple-client-secret';
import { getProviderMetadata, verifyIdToken } from './id-token';
import { canStartCodeFlow, requireProviderConfig, type SocialProvider, type SocialProviderConfig } from './providers';
import { resolveSocialAccount } from './resolve-account';

/** The sealed, httpOnly cookie that carries one sign-in from start to callback. */
export const SOCIAL_FLOW_COOKIE = 'kreide_social';
/** Its path: the callback and the completion call live below it. */
export const SOCIAL_FLOW_COOKIE_PATH = '/api/v3/oauth2/social';
/** Ten minutes to sign in at the provider. */
export const SOCIAL_FLOW_TTL_SECONDS = 600;

interface FlowState {
  provider: SocialProvider;
  state: string;
  nonce: string;
  verifier: string;
  world: WorldCode;
  returnTo: string;
  redirectUri: string;
}

const random = () => crypto.randomBytes(32).toString('base64url');

/** Only a path on this site: `//evil.example` and `/\evil.example` would leave it. */
export function safeReturnTo(value: string | undefined, world: WorldCode): string {
  if (value && value.length <= 1000 && /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value)) return value;
  return pathFor(world, 'home');
}

/**
 * Where the provider sends the user back: our callback, or for Microsoft the Microsoft redirect
 * page of the world, which completes the sign-in through `completeSocialSignIn`.
 */
export function redirectUriFor(provider: SocialProvider, world: WorldCode): string {
  const origin = getPublicOrigin();
  return provider === 'microsoft'
    ? `${origin}${pathFor(world, 'microsoft-redirect')}`
    : `${origin}${SOCIAL_FLOW_COOKIE_PATH}/${provider}/callback`;
}

/**
 * Starts the authorization code flow with PKCE, state and nonce. Answers the provider's URL to
 * send the browser to and the sealed cookie value that remembers the flow.
 */
export async function startSocialSignIn(input: {
  provider: SocialProvider;
  world: WorldCode;
  returnTo?: string;
}): Promise<{ location: string; cookie: string }> {
  const config = requireProviderConfig(input.provider);
  if (!canStartCodeFlow(config)) {
    throw new AppError('bad_request', undefined, [
      { path: 'provider', message: `Sign-in with ${input.provider} on the website needs its client secret configured` },
    ]);
  }
  const metadata = await getProviderMetadata(config);
  const flow: FlowState = {
    provider: input.provider,
    state: random(),
    nonce: random(),
    verifier: random(),
    world: input.world,
    returnTo: safeReturnTo(input.returnTo, input.world),
    redirectUri: redirectUriFor(input.provider, input.world),
  };
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', flow.redirectUri);
  url.searchParams.set('scope', config.scopes);
  url.searchParams.set('state', flow.state);
  url.searchParams.set('nonce', flow.nonce);
  url.searchParams.set('code_challenge', crypto.createHash('sha256').update(flow.verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  if (config.responseMode === 'form_post') url.searchParams.set('response_mode', 'form_post');
  const cookie = await sealData(flow, { password: getSessionSecret(), ttl: SOCIAL_FLOW_TTL_SECONDS });
  return { location: url.toString(), cookie };
}

/** Reads the flow cookie; a missing, forged or expired one is null. */
export async function readSocialFlow(sealed: string | undefined): Promise<FlowState | null> {
  if (!sealed) return null;
  try {
    const flow = await unsealData<Partial<FlowState>>(sealed, {
      password: getSessionSecret(),
      ttl: SOCIAL_FLOW_TTL_SECONDS,
    });
    return typeof flow.state === 'string' && typeof flow.provider === 'string' ? (flow as FlowState) : null;
  } catch {
    return null;
  }
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

async function clientSecret(config: SocialProviderConfig): Promise<string> {
  if (config.apple) {
    return createAppleClientSecret({ ...config.apple, clientId: config.clientId, audience: config.issuer });
  }
  return config.clientSecret!;
}

/** Exchanges the code at the token endpoint (client secret, PKCE verifier) for the ID token. */
async function exchangeCode(config: SocialProviderConfig, flow: FlowState, code: string): Promise<string> {
  const metadata = await getProviderMetadata(config);
  const endpoint = metadata.token_endpoint ?? config.fallbackTokenEndpoint;
  if (!endpoint)
    throw new AppError('unavailable', undefined, { reason: 'provider_unavailable', provider: config.provider });
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const secret = await clientSecret(config);
  if (metadata.token_endpoint_auth_methods_supported?.includes('client_secret_basic')) {
    // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined.
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${encode(config.clientId)}:${encode(secret)}`).toString('base64')}`;
  } else {
    body.set('client_id', config.clientId);
    body.set('client_secret', secret);
  }
  let response: Response;
  try {
    response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    console.error(`Code exchange with ${config.provider} failed:`, error instanceof Error ? error.message : error);
    throw new AppError('unavailable', undefined, { reason: 'provider_unavailable', provider: config.provider });
  }
  const answer = (await response.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
  if (!response.ok || typeof answer.id_token !== 'string') {
    throw new AppError('unauthorized', undefined, {
      reason: 'provider_code_rejected',
      error: typeof answer.error === 'string' ? answer.error : null,
    });
  }
  return answer.id_token;
}

/** Apple tells the user's name only once, as the `user` form field of the first sign-in. */
function appleUserName(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    );
    return parts.length ? parts.join(' ').slice(0, 60) : null;
  } catch {
    return null;
  }
}

/**
 * Completes a sign-in the provider sent back: the state must match the flow cookie (no login
 * CSRF), the code is exchanged with the PKCE verifier, the ID token verified (audience: our
 * client id, nonce: the flow's) and the account resolved. Answers the user, world and where to
 * go. The caller clears the flow cookie: it serves one sign-in only.
 */
export async function completeSocialSignIn(input: {
  provider: SocialProvider;
  flowCookie: string | undefined;
  code: string | undefined;
  state: string | undefined;
  /** RFC 9207: the issuer the authorization response names, when the provider sends it. */
  iss?: string;
  /** Apple's `user` form field. */
  user?: string;
}): Promise<{ userId: number; world: WorldCode; returnTo: string }> {
  const flow = await readSocialFlow(input.flowCookie);
  if (!flow || flow.provider !== input.provider || !input.state || !sameSecret(flow.state, input.state)) {
    throw new AppError('bad_request', undefined, {
      reason: 'invalid_state',
      message: 'This sign-in was not started here or has expired; start it again',
    });
  }
  if (!input.code) throw new AppError('bad_request', undefined, { reason: 'missing_code' });
  const config = requireProviderConfig(input.provider);
  const metadata = await getProviderMetadata(config);
  // A response naming another issuer was produced by another provider (mix-up attack).
  if (input.iss && !metadata.issuer.includes('{tenantid}') && input.iss !== metadata.issuer) {
    throw new AppError('unauthorized', undefined, { reason: 'invalid_provider_token', check: 'iss' });
  }
  const idToken = await exchangeCode(config, flow, input.code);
  const verified = await verifyIdToken(config, idToken, { audiences: [config.clientId], nonce: flow.nonce });
  const userId = await resolveSocialAccount(
    {
      provider: input.provider,
      subject: verified.subject,
      email: verified.email,
      emailVerified: verified.emailVerified,
      name: verified.name ?? (input.provider === 'apple_id' ? appleUserName(input.user) : null),
    },
    flow.world,
  );
  return { userId, world: flow.world, returnTo: flow.returnTo };
}

/** The world a flow cookie belongs to, for answering a failed callback in the right language. */
export async function flowWorld(flowCookie: string | undefined): Promise<WorldCode | null> {
  return (await readSocialFlow(flowCookie))?.world ?? null;
}
