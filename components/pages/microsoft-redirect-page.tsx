import { getTranslations } from 'next-intl/server';
import { SocialComplete } from '@/components/accounts/lazy';
import { SOCIAL_ERRORS, type SocialError } from '@/lib/social-sign-in/social-errors';
import { pathFor } from '@/lib/routing/localized-routes';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/**
 * Where Microsoft sends the visitor back after signing in. The HTML
 * is the same for everyone; the browser reads code and state from the URL and completes the
 * sign-in through the API.
 */
export const MicrosoftRedirectPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('login');
    const meta = await getTranslations('meta');
    const errors = Object.fromEntries(SOCIAL_ERRORS.map((error) => [error, t(`social.errors.${error}`)])) as Record<
      SocialError,
      string
    >;
    return (
      <section className="microsoft-redirect-page">
        <h1>{meta('routes.microsoft-redirect.title')}</h1>
        <SocialComplete
          provider="microsoft"
          loginPath={pathFor(world.code, 'login')}
          texts={{ busy: t('social.completing'), back: t('social.backToLogin'), errors }}
        />
      </section>
    );
  },
};
