import type { AreaPageProps, ViewRegistry } from '../lazy-view';

/** The back office, for admins acting as themselves. */
export const ADMIN_VIEWS: ViewRegistry<AreaPageProps> = {
  admin: () => import('@/components/pages/admin-home-page').then((m) => m.AdminHomePage),
  'admin-jobs': () => import('@/components/pages/admin-jobs-page').then((m) => m.AdminJobsPage),
  'admin-orders': () => import('@/components/pages/admin-orders-page').then((m) => m.AdminOrdersPage),
  'admin-order': () => import('@/components/pages/admin-order-page').then((m) => m.AdminOrderPage),
  'admin-bank-statements': () =>
    import('@/components/pages/admin-bank-statements-page').then((m) => m.AdminBankStatementsPage),
  'admin-vouchers': () => import('@/components/pages/admin-vouchers-page').then((m) => m.AdminVouchersPage),
};
