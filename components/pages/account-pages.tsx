import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AccountField, AccountFormTexts } from '@/components/accounts/account-form';
import { INVITE_CODE_KEY } from '@/components/accounts/keys';
import { AccountForm, AuthorRedirect, AuthorizeConsent, InvitationPanel } from '@/components/accounts/lazy';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

type T = Awaited<ReturnType<typeof getTranslations<'signup'>>>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function baseTexts(
  t: T,
  overrides: Partial<AccountFormTexts> & Pick<AccountFormTexts, 'submit' | 'success'>,
): AccountFormTexts {
  return {
    busy: t('common.busy'),
    failed: t('common.failed'),
    signIn: t('common.signIn'),
    ...overrides,
    fieldErrors: {
      email: t('common.invalidEmail'),
      new_email: t('common.invalidEmail'),
      password: t('common.invalidPassword'),
      new_password: t('common.invalidPassword'),
      public_name: t('common.invalidName'),
      ...overrides.fieldErrors,
    },
    reasons: { invalid_or_expired_token: t('common.invalidLink'), ...overrides.reasons },
  };
}

const passwordField = (
  t: T,
  name = 'password',
  label = t('common.password'),
  autoComplete = 'new-password',
): AccountField => ({
  name,
  type: 'password',
  label,
  autoComplete,
  required: true,
  minLength: 8,
  maxLength: 200,
  hint: autoComplete === 'new-password' ? t('common.passwordHint') : undefined,
});

const emailField = (t: T, name = 'email', label = t('common.email')): AccountField => ({
  name,
  type: 'email',
  label,
  autoComplete: 'email',
  required: true,
  maxLength: 254,
});

function toLogin(t: T, world: WorldCode) {
  return { href: pathFor(world, 'login'), label: t('common.toLogin') };
}

/** Sign-up with e-mail, name, password and the terms. */
export const RegisterPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    const termsLabel = escapeHtml(t.raw('register.acceptTerms') as string)
      .replace('&lt;a href=&quot;{href}&quot;&gt;', `<a href="${pathFor(world.code, 'terms')}" target="_blank">`)
      .replace('&lt;/a&gt;', '</a>');
    return (
      <section className="account-page">
        <h1>{t('register.title')}</h1>
        <p>{t('register.intro')}</p>
        <AccountForm
          id="register"
          endpoint="v3/registration/register"
          fields={[
            emailField(t),
            {
              name: 'public_name',
              type: 'text',
              label: t('common.publicName'),
              autoComplete: 'name',
              required: true,
              minLength: 2,
              maxLength: 80,
            },
            passwordField(t),
            { name: 'accept_terms', type: 'checkbox', label: termsLabel, required: true },
          ]}
          storedValues={{ invite_code: INVITE_CODE_KEY }}
          texts={baseTexts(t, {
            submit: t('register.submit'),
            success: t('register.success'),
            fieldErrors: { accept_terms: t('register.acceptTermsError'), invite_code: t('register.inviteInvalid') },
          })}
        />
        <p>
          <Link href={pathFor(world.code, 'login')} prefetch={false}>
            {t('register.haveAccount')}
          </Link>
        </p>
      </section>
    );
  },
};

/** The page behind the registration link: confirms the address as soon as it opens. */
export const RegisterConfirmPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('registerConfirm.title')}</h1>
        <AccountForm
          id="register-confirm"
          endpoint="v3/registration/confirm"
          fields={[]}
          tokenFromPath="token"
          autoSubmit
          next={toLogin(t, world.code)}
          texts={baseTexts(t, { submit: '', success: t('registerConfirm.success'), busy: t('registerConfirm.busy') })}
        />
      </section>
    );
  },
};

/** Completes an account created for the user: the mailed link lets them set a password. */
export const CompleteRegistrationPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('complete.title')}</h1>
        <p>{t('complete.intro')}</p>
        <AccountForm
          id="complete-registration"
          endpoint="v3/registration/complete"
          fields={[passwordField(t)]}
          tokenFromPath="token"
          next={toLogin(t, world.code)}
          texts={baseTexts(t, { submit: t('complete.submit'), success: t('complete.success') })}
        />
      </section>
    );
  },
};

/** Asks for a recovery link; the answer never tells whether the address has an account. */
export const ForgotPasswordPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('forgot.title')}</h1>
        <p>{t('forgot.intro')}</p>
        <AccountForm
          id="forgot-password"
          endpoint="v3/password/forgot"
          fields={[emailField(t)]}
          texts={baseTexts(t, { submit: t('forgot.submit'), success: t('forgot.success') })}
        />
        <p>
          <Link href={pathFor(world.code, 'login')} prefetch={false}>
            {t('common.toLogin')}
          </Link>
        </p>
      </section>
    );
  },
};

/** The page behind the recovery link: sets the new password. */
export const PasswordRecoveryPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('recovery.title')}</h1>
        <AccountForm
          id="password-recovery"
          endpoint="v3/password/recover"
          fields={[passwordField(t, 'password', t('common.newPassword'))]}
          tokenFromPath="token"
          next={toLogin(t, world.code)}
          texts={baseTexts(t, { submit: t('recovery.submit'), success: t('recovery.success') })}
        />
      </section>
    );
  },
};

/** The page behind the change-email link: applies the new address as soon as it opens. */
export const ChangeEmailConfirmPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('changeEmailConfirm.title')}</h1>
        <AccountForm
          id="change-email-confirm"
          endpoint="v3/email-change/confirm"
          fields={[]}
          tokenFromPath="token"
          autoSubmit
          next={{ href: pathFor(world.code, 'home'), label: 'Kreide' }}
          texts={baseTexts(t, {
            submit: '',
            success: t('changeEmailConfirm.success'),
            busy: t('changeEmailConfirm.busy'),
            reasons: { email_taken: t('changeEmailConfirm.taken') },
          })}
        />
      </section>
    );
  },
};

/** Cabinet: change the e-mail address (confirmed through the new address). */
export const ChangeEmailPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('changeEmail.title')}</h1>
        <AccountForm
          id="change-email"
          endpoint="v3/email-change/request"
          signedIn
          loginHref={pathFor(world.code, 'login')}
          fields={[
            emailField(t, 'new_email', t('changeEmail.newEmail')),
            passwordField(t, 'password', t('changeEmail.password'), 'current-password'),
          ]}
          texts={baseTexts(t, {
            submit: t('changeEmail.submit'),
            success: t('changeEmail.success'),
            fieldErrors: { password: t('changeEmail.wrongPassword') },
            reasons: { email_taken: t('changeEmail.taken') },
          })}
        />
      </section>
    );
  },
};

/** Cabinet: change the password (the current one is required). */
export const ChangePasswordPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('changePassword.title')}</h1>
        <AccountForm
          id="change-password"
          endpoint="v3/password/change"
          signedIn
          loginHref={pathFor(world.code, 'login')}
          fields={[
            passwordField(t, 'current_password', t('changePassword.current'), 'current-password'),
            passwordField(t, 'new_password', t('common.newPassword')),
          ]}
          texts={baseTexts(t, {
            submit: t('changePassword.submit'),
            success: t('changePassword.success'),
            fieldErrors: { current_password: t('changePassword.wrongCurrent') },
          })}
        />
      </section>
    );
  },
};

/** Admins only: act as another account (audited); the banner leads back. */
export const LoginAsPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('loginAs.title')}</h1>
        <p>{t('loginAs.intro')}</p>
        <AccountForm
          id="login-as"
          endpoint="v3/oauth2/login-as"
          signedIn
          loginHref={pathFor(world.code, 'login')}
          fields={[emailField(t, 'email', t('loginAs.email'))]}
          redirectTo={pathFor(world.code, 'home')}
          texts={baseTexts(t, {
            submit: t('loginAs.submit'),
            success: '',
            reasons: {
              admin_only: t('loginAs.notAdmin'),
              user_not_found: t('loginAs.notFound'),
              cannot_impersonate_admin: t('loginAs.admin'),
            },
          })}
        />
      </section>
    );
  },
};

/** A referral invitation: shows the inviter and keeps the code for sign-up. */
export const InvitationPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('invitation.title')}</h1>
        <p>{t('invitation.intro')}</p>
        <InvitationPanel
          registerHref={pathFor(world.code, 'register')}
          texts={{
            invited: t.raw('register.invited') as string,
            invalid: t('register.inviteInvalid'),
            noCode: t('invitation.noCode'),
            loading: t('invitation.loading'),
            cta: t('invitation.cta'),
          }}
        />
      </section>
    );
  },
};

/** The author redirect (my-author-profile): sellers to their author page, others to the sales cabinet. */
export const AuthorRedirectPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('authorRedirect.title')}</h1>
        <AuthorRedirect
          authorPattern={pathFor(world.code, 'author', { id: 'AUTHOR_ID', slug: 'AUTHOR_SLUG' })}
          salesHref={pathFor(world.code, 'cabinet-sales')}
          loginHref={pathFor(world.code, 'login')}
          text={t('authorRedirect.loading')}
        />
      </section>
    );
  },
};

/** The consent page the mobile app opens to sign in with the website's session. */
export const AuthorizePage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const t = await getTranslations('signup');
    return (
      <section className="account-page">
        <h1>{t('authorize.title')}</h1>
        <AuthorizeConsent
          loginHref={pathFor(world.code, 'login')}
          texts={{
            question: t('authorize.question'),
            allow: t('authorize.allow'),
            deny: t('authorize.deny'),
            signIn: t('authorize.signIn'),
            invalid: t('authorize.invalid'),
            failed: t('common.failed'),
          }}
        />
      </section>
    );
  },
};
