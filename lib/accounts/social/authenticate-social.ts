import { AppError } from '@/lib/api/errors';

export const SOCIAL_PROVIDERS = ['google', 'apple_id', 'facebook', 'microsoft'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * Signs in with a provider's ID token (grant types google, apple_id, facebook, microsoft) and
 * returns the Kreide user id. Not configured yet: every provider is refused with a clear error.
 */
export async function authenticateSocial(provider: SocialProvider, _token: string | undefined): Promise<number> {
  void _token;
  throw new AppError('bad_request', undefined, [{ path: 'grant_type', message: `Sign-in with ${provider} is not configured on this server` }]);
}
