import type { AreaPageProps, ViewRegistry } from '../lazy-view';

/**
 * Cart, payment, order confirmation, vouchers and favourites, and the landings of mails: free
 * download, abandoned cart, and the unsubscribe and unfollow links; the recommendation landing
 * renders the shell.
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
  unsubscribe: () => import('@/components/subscriptions/mail-link-page').then((m) => m.MailLinkPage),
  'mailing-unsubscribe': () => import('@/components/subscriptions/mail-link-page').then((m) => m.MailLinkPage),
  'unfollow-author': () => import('@/components/subscriptions/mail-link-page').then((m) => m.MailLinkPage),
  'unsubscribe-by-link': () => import('@/components/subscriptions/mail-link-page').then((m) => m.MailLinkPage),
  'abandoned-cart': () => import('@/components/commerce/abandoned-cart-page').then((m) => m.AbandonedCartPage),
};
