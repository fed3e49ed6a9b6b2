import type { AreaPageProps, ViewRegistry } from '../lazy-view';

const accountPages = () => import('@/components/pages/account-pages');
const settingsPages = () => import('@/components/pages/cabinet-settings-pages');
const sellerPages = () => import('@/components/selling/seller-pages');
const salesPages = () => import('@/components/selling/sales-pages');
const sharePages = () => import('@/components/selling/share-pages');

/** The signed-in teacher's cabinet: purchases, settings and the seller's pages. */
export const CABINET_VIEWS: ViewRegistry<AreaPageProps> = {
  'cabinet-bought': () => import('@/components/commerce/bought-materials-page').then((m) => m.BoughtMaterialsPage),
  'cabinet-folders': () => import('@/components/folders/folders-page').then((m) => m.FoldersPage),
  'cabinet-invoices': () => import('@/components/commerce/invoices-page').then((m) => m.InvoicesPage),
  'cabinet-credit': () => import('@/components/commerce/credit-page').then((m) => m.CreditPage),
  'cabinet-change-email': () => accountPages().then((m) => m.ChangeEmailPage),
  'cabinet-change-password': () => accountPages().then((m) => m.ChangePasswordPage),
  'cabinet-billing-address': () => settingsPages().then((m) => m.BillingAddressPage),
  'cabinet-bank-details': () => settingsPages().then((m) => m.BankDetailsPage),
  'cabinet-notifications': () => settingsPages().then((m) => m.NotificationsPage),
  'cabinet-inbox': () => import('@/components/notifications/notifications-page').then((m) => m.NotificationsPage),
  'cabinet-delete-account': () => settingsPages().then((m) => m.DeleteAccountPage),
  'cabinet-materials': () => sellerPages().then((m) => m.SellerMaterialsPage),
  'cabinet-upload': () => sellerPages().then((m) => m.UploadPage),
  'cabinet-first-upload': () => sellerPages().then((m) => m.UploadPage),
  'cabinet-sales': () => salesPages().then((m) => m.SalesPage),
  'cabinet-evaluation': () => salesPages().then((m) => m.EvaluationPage),
  'cabinet-fees': () => import('@/components/selling/fees-page').then((m) => m.FeesPage),
  'cabinet-author-page': () =>
    import('@/components/selling/author-settings-page').then((m) => m.AuthorPageSettingsPage),
  'cabinet-post-editor': () => import('@/components/selling/post-editor-page').then((m) => m.PostEditorPage),
  'cabinet-material-sharing': () => sharePages().then((m) => m.MaterialSharingPage),
  'cabinet-share': () => sharePages().then((m) => m.SharePage),
  'cabinet-fonts-tools': () => sharePages().then((m) => m.FontsToolsPage),
};
