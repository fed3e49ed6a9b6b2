import { AppError } from '@/lib/errors/app-error';
import { DEFAULT_WORLD, type WorldCode } from '@/lib/worlds/worlds';
import { verifyIdToken } from './id-token';
import { PROVIDER_LABELS, requireProviderConfig, type SocialProvider } from './providers';
import { resolveSocialAccount } from './resolve-account';

export { SOCIAL_PROVIDERS, type SocialProvider } from './providers';

/**
 * Signs in with a provider's ID token (grant types google, apple_id, facebook, microsoft; the
 * token in `token`) and returns the Kreide user id. The provider must be configured (400
 * otherwise); the token is verified against the provider's published keys, issuer, audience
 * (any of the configured client ids) and expiry (401 invalid_provider_token otherwise). A new
 * account is created in `world`.
 */
export async function authenticateSocial(
  provider: SocialProvider,
  token: string | undefined,
  context: { world?: WorldCode } = {},
): Promise<number> {
  const config = requireProviderConfig(provider);
  if (!token) {
    throw new AppError('validation_failed', undefined, [
      { path: 'token', message: `The ${PROVIDER_LABELS[provider]} ID token is required for this grant` },
    ]);
  }
  const verified = await verifyIdToken(config, token, { audiences: config.audiences });
  return resolveSocialAccount(
    {
      provider,
      subject: verified.subject,
      email: verified.email,
      emailVerified: verified.emailVerified,
      name: verified.name,
    },
    context.world ?? DEFAULT_WORLD,
  );
}
