import { NextResponse, type NextRequest } from 'next/server';
import { localizeWord } from '@/lib/routing/localized-routes';
import { WORLD_CODES, isWorldCode } from '@/lib/worlds/worlds';

const SEARCH_WORDS = new Set(WORLD_CODES.map((w) => localizeWord(w, 'suchergebnisse')));

/** The internal route that renders search results (dynamic, never cached). */
export const SEARCH_VIEW_SEGMENT = 'search-view';

/**
 * Search results depend on the query, so they cannot share the cached catch-all page. The
 * proxy sends a world's own search path to the dynamic search route; the internal route itself
 * is not reachable from outside. Returns null for paths it does not handle.
 */
export function rewriteSearch(request: NextRequest): NextResponse | null {
  const [world, segment, ...rest] = request.nextUrl.pathname.split('/').filter(Boolean);
  if (!isWorldCode(world) || rest.length > 0) return null;
  const url = request.nextUrl.clone();
  if (segment === SEARCH_VIEW_SEGMENT) {
    url.pathname = `/${world}/${SEARCH_VIEW_SEGMENT}/not-found`;
    return NextResponse.rewrite(url);
  }
  const own = localizeWord(world, 'suchergebnisse');
  if (segment !== own) {
    // Another world's search word: the right wording, keeping the query.
    if (!SEARCH_WORDS.has(segment ?? '')) return null;
    url.pathname = `/${world}/${own}`;
    return NextResponse.redirect(url, 308);
  }
  url.pathname = `/${world}/${SEARCH_VIEW_SEGMENT}`;
  return NextResponse.rewrite(url);
}
