/**
 * The folder of app/ that author domains are rewritten into; never a public address itself.
 * Kept free of Next imports: server.ts reads it before Next has set up its request storage
 * (importing `next/server` that early crashes the process).
 */
export const STOREFRONT_FOLDER = '/storefront';

/** True for the storefront folder's own paths (`/storefront`, `/storefront/…`). */
export function isStorefrontFolderPath(pathname: string): boolean {
  return pathname === STOREFRONT_FOLDER || pathname.startsWith(`${STOREFRONT_FOLDER}/`);
}
