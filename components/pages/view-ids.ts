import type { RouteId } from '@/lib/routing/routes';

/**
 * The public routes with a finished view: `PUBLIC_VIEWS` (registry.ts) loads one for each, and
 * its type holds it to exactly this list. Every other public route renders the "being built"
 * shell (finished-pages.ts). Plain data, apart from the views, so that code plain Node loads (the
 * crawler journey) can tell placeholders apart without importing a page.
 */
export const PUBLIC_VIEW_IDS = [
  'home',
  'material',
  'author',
  'user-profile',
  'blog-post',
  'keyword-landing',
  'lesson-landing',
  'school-landing',
  'offers',
  'recommendations',
  'terms',
  'terms-version',
  'imprint',
] as const satisfies readonly RouteId[];

export type PublicViewId = (typeof PUBLIC_VIEW_IDS)[number];
