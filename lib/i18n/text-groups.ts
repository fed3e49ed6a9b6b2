/**
 * The text groups: the product's 32 and `admin` (the admin area's own texts); each is one JSON
 * file per language and one namespace.
 */
export const TEXT_GROUPS = [
  'admin',
  'ai-tools',
  'author-page',
  'blogpost',
  'cabinet-materials',
  'cabinet-sales',
  'cabinet-settings',
  'cart',
  'comments',
  'common',
  'favorites',
  'footer',
  'header',
  'help-center',
  'home',
  'info',
  'landing',
  'login',
  'material-feedbacks',
  'material-page',
  'meta',
  'modals',
  'my-school',
  'new-interactive',
  'payment',
  'personalization',
  'school-create',
  'search',
  'second-home',
  'seller',
  'service-pages',
  'signup',
  'thank-you-page',
] as const;

export type TextGroup = (typeof TEXT_GROUPS)[number];

/** Groups every world must have in its own language (the rest may fall back). */
export const REQUIRED_GROUPS_EVERY_LANGUAGE: readonly TextGroup[] = [
  'common',
  // The first page of every world, and the one search engines show most.
  'home',
  'header',
  'footer',
  'search',
  'material-page',
  'author-page',
  'cart',
  // Every visitor's own list (favourites and follows).
  'favorites',
  'login',
  'meta',
];
