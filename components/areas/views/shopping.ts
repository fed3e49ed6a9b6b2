import type { AreaPageProps, ViewRegistry } from '../lazy-view';

/**
 * Cart, payment, order confirmation, vouchers and favourites, and the landings of the free-download and
 * abandoned-cart mails; the other mail landings render the shell.
 */
export const SHOPPING_VIEWS: ViewRegistry<AreaPageProps> = {
  cart: () => import('@/components/commerce/cart-page').then((m) => m.CartPage),
  payment: () => import('@/components/commerce/payment-page').then((m) => m.PaymentPage),
  vouchers: () => import('@/components/commerce/vouchers-page').then((m) => m.VouchersPage),
  favourites: () => import('@/components/subscriptions/favourites-page').then((m) => m.FavouritesPage),
  'order-confirmation': () =>
    import('@/components/commerce/order-confirmation-page').then((m) => m.OrderConfirmationPage),
  'invoice-purchase-success': () =>
    import('@/components/commerce/order-confirmation-page').then((m) => m.InvoicePurchaseSuccessPage),
  'free-download': () => import('@/components/commerce/free-download-page').then((m) => m.FreeDownloadPage),
  'abandoned-cart': () => import('@/components/commerce/abandoned-cart-page').then((m) => m.AbandonedCartPage),
};
