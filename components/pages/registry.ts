import type { RouteId } from '@/lib/routing/routes';
import { AuthorPage } from './author-page';
import {
  BankDetailsPage,
  BillingAddressPage,
  ChangeCountryPage,
  DeleteAccountPage,
  MySubjectsPage,
  NotificationsPage,
} from './cabinet-settings-pages';
import { BlogPostPage } from './blog-post-page';
import { EntityLandingPage, ListLandingPage } from './landing-page';
import { UserProfilePage } from './user-profile-page';
import { HomePage } from './home-page';
import { LoginPage } from './login-page';
import {
  AuthorRedirectPage,
  AuthorizePage,
  ChangeEmailConfirmPage,
  ChangeEmailPage,
  ChangePasswordPage,
  CompleteRegistrationPage,
  ForgotPasswordPage,
  InvitationPage,
  LoginAsPage,
  PasswordRecoveryPage,
  RegisterConfirmPage,
  RegisterPage,
} from './account-pages';
import { MaterialPage } from './material-page';
import { MicrosoftRedirectPage } from './microsoft-redirect-page';
import type { PageView } from './types';

/**
 * Routes with a finished view. Every other route renders the translated shell and is listed
 * as open in docs/spec-coverage.md.
 */
export const PAGE_VIEWS: Partial<Record<RouteId, PageView>> = {
  home: HomePage,
  material: MaterialPage,
  author: AuthorPage,
  'user-profile': UserProfilePage,
  'blog-post': BlogPostPage,
  'keyword-landing': EntityLandingPage,
  'lesson-landing': EntityLandingPage,
  'school-landing': EntityLandingPage,
  offers: ListLandingPage,
  login: LoginPage,
  'microsoft-redirect': MicrosoftRedirectPage,
  register: RegisterPage,
  'register-confirm': RegisterConfirmPage,
  'complete-registration': CompleteRegistrationPage,
  'forgot-password': ForgotPasswordPage,
  'password-recovery': PasswordRecoveryPage,
  'change-email-confirm': ChangeEmailConfirmPage,
  'cabinet-change-email': ChangeEmailPage,
  'cabinet-change-password': ChangePasswordPage,
  'login-as': LoginAsPage,
  invitation: InvitationPage,
  'author-redirect': AuthorRedirectPage,
  authorize: AuthorizePage,
  recommendations: ListLandingPage,
  'cabinet-billing-address': BillingAddressPage,
  'cabinet-bank-details': BankDetailsPage,
  'cabinet-notifications': NotificationsPage,
  'cabinet-delete-account': DeleteAccountPage,
  'my-subjects': MySubjectsPage,
  'change-country': ChangeCountryPage,
};
