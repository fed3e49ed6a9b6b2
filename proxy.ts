import { NextResponse, type NextRequest } from 'next/server';
import { findAuthorDomain } from '@/lib/proxy/author-domains';
import { handleRoot, handleWorldlessPath } from '@/lib/proxy/main-site';
import { rewriteSearch } from '@/lib/proxy/search';
import { isStorefrontFolderPath, rewriteToStorefront, storefrontFolderNotFound } from '@/lib/proxy/storefront';
import { isWorldCode } from '@/lib/worlds/worlds';

/**
 * The proxy only sees what its narrow matcher lets through (DESIGN §3): the root `/`, paths
 * without a world prefix, each world's search path (dynamic, never cached) and requests for
 * hosts that are not Kreide's own (author domains). Cached world pages never enter it.
 */
export async function proxy(request: NextRequest) {
  // The Host header, not nextUrl: behind server.ts nextUrl carries the server's own hostname.
  const hostname = (request.headers.get('host') ?? '').replace(/:\d+$/, '');
  const authorDomain = await findAuthorDomain(hostname);
  if (authorDomain) return rewriteToStorefront(request, authorDomain);
  const search = rewriteSearch(request);
  if (search) return search;
  const { pathname } = request.nextUrl;
  if (pathname === '/') return handleRoot(request);
  // A world path the search matcher let through (another world's search word): the page
  // redirects it to the right wording.
  if (isWorldCode(pathname.split('/')[1])) return NextResponse.next();
  if (isStorefrontFolderPath(pathname)) return storefrontFolderNotFound(request);
  return handleWorldlessPath(request);
}

export const config = {
  matcher: [
    '/',
    // Paths whose first segment is not a world, and that are not an API, a Next asset or a file.
    // tests/unit/proxy-matcher.test.ts keeps this world list equal to lib/worlds.
    '/((?!(?:de|es|fr|gr|it|bg|cn|cz|dk|fi|hi|hr|hu|id|jp|kr|kz|my|nl|no|pl|ro|rs|se|sk|th|ua)(?:/|$)|api/|_next/|media/|sitemap|bench-control|[^?]*\\.[a-zA-Z0-9]+$).+)',
    // Each world's search results path (kept equal to the routing table by matcher.test.ts),
    // and the internal search route, which is not reachable from outside.
    '/:world(de|es|fr|gr|it|bg|cn|cz|dk|fi|hi|hr|hu|id|jp|kr|kz|my|nl|no|pl|ro|rs|se|sk|th|ua)/:search(suchergebnisse|resultados-busqueda|resultats-recherche|apotelesmata-anazitisis|risultati-ricerca|rezultati-ot-tarsene|sousuo-jieguo|vysledky-hledani|soegeresultater|hakutulokset|khoj-parinam|rezultati-pretrage|talalatok|hasil-pencarian|kensaku-kekka|geomsaek-gyeolgwa|izdeu-natizheleri|hasil-carian|zoekresultaten|sokeresultater|wyniki-wyszukiwania|rezultate-cautare|sokresultat|vysledky-vyhladavania|phon-kan-khonha|rezultaty-poshuku|search-view)',
    // Every page on a host that is not Kreide's own: an author's custom domain.
    {
      source: '/((?!api/|_next/|media/|[^?]*\\.[a-zA-Z0-9]+$).*)',
      missing: [{ type: 'host', value: '(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|(?:www\\.)?kreide\\.[a-z.]+)' }],
    },
  ],
};
