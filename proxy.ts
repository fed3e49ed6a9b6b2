import { NextResponse, type NextRequest } from 'next/server';
import { findAuthorDomain } from '@/lib/proxy/author-domains';
import { handleRoot, handleWorldlessPath } from '@/lib/proxy/main-site';
import { rewriteToStorefront } from '@/lib/proxy/storefront';

/**
 * The proxy only sees what its narrow matcher lets through (DESIGN §3): the root `/`, paths
 * without a world prefix, and requests for hosts that are not Kreide's own (author domains).
 * World-prefixed pages on the main host never enter it.
 */
export async function proxy(request: NextRequest) {
  // The Host header, not nextUrl: behind server.ts nextUrl carries the server's own hostname.
  const hostname = (request.headers.get('host') ?? '').replace(/:\d+$/, '');
  const authorDomain = await findAuthorDomain(hostname);
  if (authorDomain) return rewriteToStorefront(request, authorDomain);
  const { pathname } = request.nextUrl;
  if (pathname === '/') return handleRoot(request);
  if (pathname.startsWith('/storefront')) return NextResponse.rewrite(new URL('/de/404', request.url));
  return handleWorldlessPath(request);
}

export const config = {
  matcher: [
    '/',
    // Paths whose first segment is not a world, and that are not an API, a Next asset or a file.
    // tests/unit/proxy-matcher.test.ts keeps this world list equal to lib/worlds.
    '/((?!(?:de|es|fr|gr|it|bg|cn|cz|dk|fi|hi|hr|hu|id|jp|kr|kz|my|nl|no|pl|ro|rs|se|sk|th|ua)(?:/|$)|api/|_next/|media/|sitemap|[^?]*\\.[a-zA-Z0-9]+$).+)',
    // Every page on a host that is not Kreide's own: an author's custom domain.
    {
      source: '/((?!api/|_next/|media/|[^?]*\\.[a-zA-Z0-9]+$).*)',
      missing: [{ type: 'host', value: 'localhost|127\\.0\\.0\\.1|\\[::1\\]|(?:www\\.)?kreide\\.[a-z.]+' }],
    },
  ],
};
