import { NextResponse, type NextRequest } from 'next/server';
import { WORLD_COOKIE, chooseWorld } from '@/lib/worlds/choose-world';
import type { AuthorDomain } from './author-domains';
import { STOREFRONT_FOLDER, isStorefrontFolderPath } from './storefront-folder';

/** The paths an author's own domain serves: home, blog, materials and one material. */
const STOREFRONT_PATH = /^\/(?:blog|materials|material\/\d+(?:\/[^/]+)?)?\/?$/;

export { STOREFRONT_FOLDER, isStorefrontFolderPath };

/**
 * Rewrites a request for an author's custom domain to that author's storefront. Anything else
 * on that domain is the storefront's 404.
 */
export function rewriteToStorefront(request: NextRequest, domain: AuthorDomain): NextResponse {
  const url = request.nextUrl.clone();
  const pathname = url.pathname;
  url.pathname = STOREFRONT_PATH.test(pathname)
    ? `${STOREFRONT_FOLDER}/${domain.domain}${pathname === '/' ? '' : pathname.replace(/\/$/, '')}`
    : `${STOREFRONT_FOLDER}/${domain.domain}/not-found`;
  return NextResponse.rewrite(url);
}

/**
 * The storefront folder asked for by its own name on Kreide's host: an unknown path like any
 * other, so the remembered world's translated not-found page with status 404. (server.ts hands
 * every outside request for the folder to the proxy as the bare folder path — see
 * lib/http/author-domain-paths.ts — because the proxy's matcher skips paths that end like a file
 * name, and `/storefront/author.example` does.)
 */
export function storefrontFolderNotFound(request: NextRequest): NextResponse {
  const { world } = chooseWorld({ rememberedWorld: request.cookies.get(WORLD_COOKIE)?.value });
  return NextResponse.rewrite(new URL(`/${world}/404`, request.url));
}
