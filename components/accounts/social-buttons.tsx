import { getTranslations } from 'next-intl/server';
import { listWebsiteProviders, PROVIDER_LABELS } from '@/lib/accounts/social/providers';
import { SOCIAL_ERRORS, type SocialError } from '@/lib/social-sign-in/social-errors';
import type { WorldCode } from '@/lib/worlds/worlds';
import { SocialSignInError } from './social-sign-in-error';

interface SocialButtonsProps {
  world: WorldCode;
  /** Where to go after signing in (a path on this site). */
  returnTo: string;
}

/**
 * Sign-in buttons for the providers this server is configured for (lib/env.ts; fixed per
 * process, so the cached page may decide them). Plain links to the start route: they work before
 * any script runs. The failure of a previous attempt is shown from `?social_error=`.
 */
export async function SocialButtons({ world, returnTo }: SocialButtonsProps) {
  const providers = listWebsiteProviders();
  if (providers.length === 0) return null;
  const t = await getTranslations('login');
  const errors = Object.fromEntries(SOCIAL_ERRORS.map((error) => [error, t(`social.errors.${error}`)])) as Record<
    SocialError,
    string
  >;
  const query = new URLSearchParams({ world, return_to: returnTo }).toString();
  return (
    <div className="social-sign-in" data-testid="social-sign-in">
      <p className="social-sign-in-heading">{t('social.heading')}</p>
      <SocialSignInError texts={errors} />
      <ul className="social-sign-in-buttons">
        {providers.map((provider) => (
          <li key={provider}>
            <a
              className={`button social-button social-button-${provider}`}
              data-provider={provider}
              href={`/api/v3/oauth2/social/${provider}/start?${query}`}
              rel="nofollow"
            >
              {t('social.continueWith', { provider: PROVIDER_LABELS[provider] })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
