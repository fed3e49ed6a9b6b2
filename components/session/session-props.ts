import 'server-only';
import { getTranslations } from 'next-intl/server';
import { pathFor } from '@/lib/routing/localized-routes';
import type { SessionPaths } from '@/lib/browser-session/session';
import type { WorldCode } from '@/lib/worlds/worlds';
import type { SessionTexts } from './session-provider';

/** The world's paths the session needs; the register-confirm path up to its token. */
export function getSessionPaths(world: WorldCode): SessionPaths {
  const confirm = pathFor(world, 'register-confirm', { registrationToken: '-' });
  return { login: pathFor(world, 'login'), registerConfirm: confirm.slice(0, -1) };
}

/** The prompt's and banner's texts in the request's language (group modals). */
export async function getSessionTexts(): Promise<SessionTexts> {
  const t = await getTranslations('modals');
  return {
    terms: {
      title: t('acceptTerms.title'),
      intro: t('acceptTerms.intro'),
      loading: t('acceptTerms.loading'),
      loadFailed: t('acceptTerms.loadFailed'),
      retry: t('acceptTerms.retry'),
      accept: t('acceptTerms.accept'),
      busy: t('acceptTerms.busy'),
      failed: t('acceptTerms.failed'),
      outdated: t('acceptTerms.outdated'),
      logout: t('acceptTerms.logout'),
    },
    // The name is filled in by the browser, which alone knows the user.
    impersonation: {
      label: t.raw('impersonation.label') as string,
      back: t('impersonation.back'),
      busy: t('impersonation.busy'),
      failed: t('impersonation.failed'),
      limits: t('impersonation.limits'),
    },
  };
}
