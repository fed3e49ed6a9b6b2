import { AppError } from '@/lib/errors/app-error';
import { getEnv, type Env } from '@/lib/env';

export const SOCIAL_PROVIDERS = ['google', 'apple_id', 'facebook', 'microsoft'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** A provider as this server is configured for it. */
export interface SocialProviderConfig {
  provider: SocialProvider;
  /** Where `/.well-known/openid-configuration` is found; for Microsoft's 'common' tenant the
   * discovered issuer is a template (see id-token.ts). */
  issuer: string;
  /** The website's client id: the audience of its ID tokens and the client of the code flow. */
  clientId: string;
  /** Every audience accepted for the token grant: the website's id plus the app's own ids. */
  audiences: string[];
  /** The client secret of the code flow; Apple's is built from its signing key when not given. */
  clientSecret: string | null;
  apple: { teamId: string; keyId: string; privateKey: string } | null;
  scopes: string;
  /** Apple sends the code (and the user's name) as a form POST when e-mail or name is asked for. */
  responseMode: 'query' | 'form_post';
  /** Used when the discovery document names no token endpoint (Facebook's does not). */
  fallbackTokenEndpoint: string | null;
}

const ENV_KEYS = {
  google: { issuer: 'OIDC_GOOGLE_ISSUER', clientId: 'OIDC_GOOGLE_CLIENT_ID', secret: 'OIDC_GOOGLE_CLIENT_SECRET' },
  apple_id: { issuer: 'OIDC_APPLE_ISSUER', clientId: 'OIDC_APPLE_CLIENT_ID', secret: 'OIDC_APPLE_CLIENT_SECRET' },
  facebook: {
    issuer: 'OIDC_FACEBOOK_ISSUER',
    clientId: 'OIDC_FACEBOOK_CLIENT_ID',
    secret: 'OIDC_FACEBOOK_CLIENT_SECRET',
  },
  microsoft: {
    issuer: 'OIDC_MICROSOFT_ISSUER',
    clientId: 'OIDC_MICROSOFT_CLIENT_ID',
    secret: 'OIDC_MICROSOFT_CLIENT_SECRET',
  },
} as const satisfies Record<SocialProvider, { issuer: keyof Env; clientId: keyof Env; secret: keyof Env }>;

/** The display name of each provider (brand names are not translated). */
export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  apple_id: 'Apple',
  facebook: 'Facebook',
  microsoft: 'Microsoft',
};

/**
 * The provider's configuration, or null when it is not configured. A provider counts as
 * configured when its client id is set; issuers default to the real providers'.
 */
export function getProviderConfig(provider: SocialProvider, env: Env = getEnv()): SocialProviderConfig | null {
  const keys = ENV_KEYS[provider];
  const audiences = (env[keys.clientId] ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (audiences.length === 0) return null;
  const apple =
    provider === 'apple_id' && env.OIDC_APPLE_TEAM_ID && env.OIDC_APPLE_KEY_ID && env.OIDC_APPLE_PRIVATE_KEY
      ? {
          teamId: env.OIDC_APPLE_TEAM_ID,
          keyId: env.OIDC_APPLE_KEY_ID,
          privateKey: env.OIDC_APPLE_PRIVATE_KEY.replace(/\\n/g, '\n'),
        }
      : null;
  return {
    provider,
    issuer: env[keys.issuer].replace(/\/$/, ''),
    clientId: audiences[0]!,
    audiences,
    clientSecret: env[keys.secret] ?? null,
    apple,
    scopes:
      provider === 'apple_id'
        ? 'openid email name'
        : provider === 'facebook'
          ? 'openid email public_profile'
          : 'openid email profile',
    responseMode: provider === 'apple_id' ? 'form_post' : 'query',
    fallbackTokenEndpoint: provider === 'facebook' ? 'https://graph.facebook.com/oauth/access_token' : null,
  };
}

/** The configured provider or a clear 400 naming it. */
export function requireProviderConfig(provider: SocialProvider): SocialProviderConfig {
  const config = getProviderConfig(provider);
  if (!config) {
    throw new AppError('bad_request', undefined, [
      { path: 'grant_type', message: `Sign-in with ${PROVIDER_LABELS[provider]} is not configured on this server` },
    ]);
  }
  return config;
}

/** True when the website can run the code flow (it needs a client secret or Apple's key). */
export function canStartCodeFlow(config: SocialProviderConfig): boolean {
  return Boolean(config.clientSecret || config.apple);
}

/**
 * Providers the website offers buttons for, in button order: configured, and able to run the
 * code flow (a provider with only a client id serves the app's token grant alone).
 */
export function listWebsiteProviders(env: Env = getEnv()): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => {
    const config = getProviderConfig(provider, env);
    return config !== null && canStartCodeFlow(config);
  });
}
