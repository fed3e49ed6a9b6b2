import { NextResponse, type NextRequest } from 'next/server';
import type { AuthorDomain } from './author-domains';

/** The paths an author's own domain serves (SPEC §2 author-domain routes). */
const STOREFRONT_PATH = /^\/(?:blog|materials|material\/\d+(?:\/[^/]+)?)?\/?$/;

/**
 * Rewrites a request for an author's custom domain to that author's storefront. Anything else
 * on that domain is the storefront's 404.
 */
export function rewriteToStorefront(request: NextRequest, domain: AuthorDomain): NextResponse {
  const url = request.nextUrl.clone();
  const pathname = url.pathname;
  url.pathname = STOREFRONT_PATH.test(pathname)
    ? `/storefront/${domain.domain}${pathname === '/' ? '' : pathname.replace(/\/$/, '')}`
    : `/storefront/${domain.domain}/not-found`;
  return NextResponse.rewrite(url);
}
