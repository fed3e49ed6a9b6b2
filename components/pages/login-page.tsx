import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/accounts/lazy';
import { SocialButtons } from '@/components/accounts/social-buttons';
import { pathFor } from '@/lib/routing/localized-routes';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/** Sign-in with e-mail and password, or a configured provider. */
export const LoginPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('login');
    const signup = await getTranslations('signup');
    return (
      <section className="login-page">
        <h1>{t('title')}</h1>
        <LoginForm
          next={pathFor(world.code, 'home')}
          texts={{
            email: t('email'),
            password: t('password'),
            submit: t('submit'),
            invalid: t('invalid'),
            failed: t('failed'),
            busy: t('busy'),
            notConfirmed: signup('common.notConfirmed'),
          }}
        />
        <SocialButtons world={world.code} returnTo={pathFor(world.code, 'home')} />
        <p>
          <Link href={pathFor(world.code, 'forgot-password')} prefetch={false}>
            {t('forgot')}
          </Link>
        </p>
        <p>
          <Link href={pathFor(world.code, 'register')} prefetch={false}>
            {t('register')}
          </Link>
        </p>
      </section>
    );
  },
};
