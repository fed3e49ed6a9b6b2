import type { ViewRegistry } from '../lazy-view';

const accountPages = () => import('@/components/pages/account-pages');
const settingsPages = () => import('@/components/pages/cabinet-settings-pages');

/** Account entry: sign-in, registration, recovery, consent, and the settings open to everyone. */
export const ACCOUNT_VIEWS: ViewRegistry = {
  login: () => import('@/components/pages/login-page').then((m) => m.LoginPage),
  'microsoft-redirect': () => import('@/components/pages/microsoft-redirect-page').then((m) => m.MicrosoftRedirectPage),
  register: () => accountPages().then((m) => m.RegisterPage),
  'register-confirm': () => accountPages().then((m) => m.RegisterConfirmPage),
  'complete-registration': () => accountPages().then((m) => m.CompleteRegistrationPage),
  'forgot-password': () => accountPages().then((m) => m.ForgotPasswordPage),
  'password-recovery': () => accountPages().then((m) => m.PasswordRecoveryPage),
  'change-email-confirm': () => accountPages().then((m) => m.ChangeEmailConfirmPage),
  'login-as': () => accountPages().then((m) => m.LoginAsPage),
  invitation: () => accountPages().then((m) => m.InvitationPage),
  'author-redirect': () => accountPages().then((m) => m.AuthorRedirectPage),
  authorize: () => accountPages().then((m) => m.AuthorizePage),
  'my-subjects': () => settingsPages().then((m) => m.MySubjectsPage),
  'change-country': () => settingsPages().then((m) => m.ChangeCountryPage),
};
