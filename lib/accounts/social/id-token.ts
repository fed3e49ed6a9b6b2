import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '@/lib/errors/app-error';
import type { SocialProviderConfig } from './providers';

/** The parts of a provider's discovery document Kreide uses. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint?: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
  authorization_response_iss_parameter_supported?: boolean;
}

/** Microsoft's multi-tenant endpoints name the issuer as a template with this placeholder. */
const TENANT_PLACEHOLDER = '{tenantid}';
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;
/** Providers sign with asymmetric keys only; anything else (none, HS256) is refused. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const discoveries = new Map<string, { at: number; metadata: Promise<ProviderMetadata> }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function unavailable(provider: string): AppError {
  return new AppError('unavailable', undefined, { reason: 'provider_unavailable', provider });
}

async function fetchMetadata(config: SocialProviderConfig): Promise<ProviderMetadata> {
  const response = await fetch(`${config.issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const metadata = (await response.json()) as ProviderMetadata;
  if (
    typeof metadata.jwks_uri !== 'string' ||
    typeof metadata.authorization_endpoint !== 'string' ||
    typeof metadata.issuer !== 'string'
  ) {
    throw new Error('discovery document lacks issuer, jwks_uri or authorization_endpoint');
  }
  // The document must speak for the issuer we asked; only a multi-tenant template may differ.
  if (metadata.issuer.replace(/\/$/, '') !== config.issuer && !metadata.issuer.includes(TENANT_PLACEHOLDER)) {
    throw new Error(`discovery names issuer ${metadata.issuer}, expected ${config.issuer}`);
  }
  return metadata;
}

/**
 * The provider's discovery document, fetched once an hour per issuer. A provider that cannot be
 * reached is a 503, not a refused sign-in.
 */
export async function getProviderMetadata(config: SocialProviderConfig): Promise<ProviderMetadata> {
  const cached = discoveries.get(config.issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.metadata;
  const metadata = fetchMetadata(config);
  discoveries.set(config.issuer, { at: Date.now(), metadata });
  try {
    return await metadata;
  } catch (error) {
    discoveries.delete(config.issuer);
    console.error(`OpenID discovery for ${config.provider} failed:`, error instanceof Error ? error.message : error);
    throw unavailable(config.provider);
  }
}

/** One key set per jwks_uri: jose caches the keys and refetches when a new key id shows up. */
function keySet(uri: string) {
  let set = keySets.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: FETCH_TIMEOUT_MS });
    keySets.set(uri, set);
  }
  return set;
}

/**
 * The issuer a token must carry. Microsoft's 'common' (and 'organizations', 'consumers')
 * documents publish `https://login.microsoftonline.com/{tenantid}/v2.0`: each token's issuer is
 * that of the user's own tenant, named by its `tid` claim.
 */
export function expectedIssuer(discoveredIssuer: string, payload: JWTPayload): string | null {
  if (!discoveredIssuer.includes(TENANT_PLACEHOLDER)) return discoveredIssuer;
  const tenant = payload.tid;
  if (typeof tenant !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(tenant)) return null;
  return discoveredIssuer.replace(TENANT_PLACEHOLDER, tenant);
}

/** Which check a refused token failed; told to the caller so a client can tell its bug. */
export type TokenCheck = 'format' | 'signature' | 'iss' | 'aud' | 'exp' | 'nbf' | 'iat' | 'nonce' | 'sub' | 'azp';

function invalid(check: TokenCheck): AppError {
  return new AppError('unauthorized', undefined, { reason: 'invalid_provider_token', check });
}

export interface VerifiedIdToken {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  payload: JWTPayload;
}

/**
 * Verifies a provider's ID token: signature through the provider's published keys (jwks_uri of
 * its discovery document), issuer, audience (one of `audiences`), expiry, and the nonce when the
 * flow set one. Anything wrong is a 401 with reason invalid_provider_token and the failed check.
 */
export async function verifyIdToken(
  config: SocialProviderConfig,
  token: string,
  options: { audiences: string[]; nonce?: string },
): Promise<VerifiedIdToken> {
  const metadata = await getProviderMetadata(config);
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw invalid('format');
  }
  const issuer = expectedIssuer(metadata.issuer, unverified);
  if (!issuer) throw invalid('iss');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(metadata.jwks_uri), {
      issuer,
      audience: options.audiences,
      algorithms: ALGORITHMS,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 5,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw invalid('exp');
    if (error instanceof errors.JWTClaimValidationFailed) {
      const claim = error.claim as TokenCheck;
      throw invalid(['iss', 'aud', 'exp', 'nbf', 'iat', 'sub'].includes(claim) ? claim : 'format');
    }
    if (
      error instanceof errors.JWSSignatureVerificationFailed ||
      error instanceof errors.JWKSNoMatchingKey ||
      error instanceof errors.JOSEAlgNotAllowed
    ) {
      throw invalid('signature');
    }
    if (
      error instanceof errors.JWSInvalid ||
      error instanceof errors.JWTInvalid ||
      error instanceof errors.JOSENotSupported
    )
      throw invalid('format');
    // The key set could not be fetched: the provider is down, the token may be fine.
    console.error(`Fetching the keys of ${config.provider} failed:`, error instanceof Error ? error.message : error);
    throw unavailable(config.provider);
  }
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) throw invalid('sub');
  // Several audiences: the authorized party must be one of ours (OpenID Connect Core 3.1.3.7).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && !options.audiences.includes(String(payload.azp)))
    throw invalid('azp');
  if (options.nonce !== undefined && payload.nonce !== options.nonce) throw invalid('nonce');
  const email =
    typeof payload.email === 'string' && payload.email.includes('@') ? payload.email.trim().toLowerCase() : null;
  const name =
    typeof payload.name === 'string' && payload.name.trim()
      ? payload.name.trim()
      : [payload.given_name, payload.family_name].filter((part) => typeof part === 'string' && part.trim()).join(' ') ||
        null;
  return {
    subject: payload.sub,
    email,
    // Apple sends the flag as the string "true".
    emailVerified: email !== null && (payload.email_verified === true || payload.email_verified === 'true'),
    name,
    payload,
  };
}

/** Forgets cached discovery documents and key sets (tests start providers on new ports). */
export function resetProviderCaches(): void {
  discoveries.clear();
  keySets.clear();
}
