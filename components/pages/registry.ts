import type { LazyView, ViewRegistry } from '@/components/areas/lazy-view';
import type { PublicViewId } from './view-ids';

/**
 * The public pages with a finished view, each loaded when its route is asked for. Every other
 * public route renders the translated shell and is listed as open in docs/spec-coverage.md. The
 * areas have registries of their own (components/areas/views), so none of their code is part
 * of this route. Its keys are exactly PUBLIC_VIEW_IDS (view-ids.ts): a view added here without
 * its id there, or an id without a view, does not type-check.
 */
export const PUBLIC_VIEWS: ViewRegistry = {
  home: () => import('./home-page').then((m) => m.HomePage),
  material: () => import('./material-page').then((m) => m.MaterialPage),
  author: () => import('./author-page').then((m) => m.AuthorPage),
  'user-profile': () => import('./user-profile-page').then((m) => m.UserProfilePage),
  'blog-post': () => import('./blog-post-page').then((m) => m.BlogPostPage),
  'keyword-landing': () => import('./landing-page').then((m) => m.EntityLandingPage),
  'lesson-landing': () => import('./landing-page').then((m) => m.EntityLandingPage),
  'school-landing': () => import('./landing-page').then((m) => m.EntityLandingPage),
  offers: () => import('./landing-page').then((m) => m.ListLandingPage),
  recommendations: () => import('./landing-page').then((m) => m.ListLandingPage),
  terms: () => import('./terms-page').then((m) => m.TermsPage),
  'terms-version': () => import('./terms-page').then((m) => m.TermsVersionPage),
  imprint: () => import('./imprint-page').then((m) => m.ImprintPage),
} satisfies Record<PublicViewId, LazyView>;
