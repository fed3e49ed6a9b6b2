import type { RouteId } from '@/lib/routing/routes';
import { AuthorPage } from './author-page';
import { BlogPostPage } from './blog-post-page';
import { EntityLandingPage, ListLandingPage } from './landing-page';
import { UserProfilePage } from './user-profile-page';
import { HomePage } from './home-page';
import { LoginPage } from './login-page';
import { MaterialPage } from './material-page';
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
  recommendations: ListLandingPage,
};
