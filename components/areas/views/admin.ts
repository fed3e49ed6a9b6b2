import type { ViewRegistry } from '../lazy-view';

/** The back office, for admins acting as themselves. */
export const ADMIN_VIEWS: ViewRegistry = {
  admin: () => import('@/components/pages/admin-home-page').then((m) => m.AdminHomePage),
  'admin-jobs': () => import('@/components/pages/admin-jobs-page').then((m) => m.AdminJobsPage),
};
