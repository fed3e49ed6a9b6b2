import { NextResponse, type NextRequest } from 'next/server';
import { matchForeignRoute, matchRoute, pathFor } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import { TARGET_PATH_COOKIE, WORLD_COOKIE, chooseWorld } from '@/lib/worlds/choose-world';

/** A stored target path is only followed when it is a path on this site. */
export function isSafeTargetPath(path: string | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && path.length < 2000;
}

/**
 * The root entry point `/` (SPEC §2): a stored target path wins; otherwise the remembered
 * world's home (cookie); otherwise a tiny page that checks local storage and goes on to
 * the remembered world or de. `?tab=` is passed on to the home.
 */
export function handleRoot(request: NextRequest): NextResponse {
  const target = request.cookies.get(TARGET_PATH_COOKIE)?.value;
  if (isSafeTargetPath(target)) {
    const response = NextResponse.redirect(new URL(target, request.url));
    response.cookies.delete(TARGET_PATH_COOKIE);
    return response;
  }
  const tab = request.nextUrl.searchParams.get('tab');
  const suffix = tab ? `?tab=${encodeURIComponent(tab)}` : '';
  const remembered = request.cookies.get(WORLD_COOKIE)?.value;
  const choice = chooseWorld({ rememberedWorld: remembered });
  if (choice.source === 'remembered') return NextResponse.redirect(new URL(`/${choice.world}${suffix}`, request.url));
  return new NextResponse(rootChooserHtml(suffix), {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, follow' },
  });
}

/** Picks the world from local storage when the cookie is gone; de otherwise. */
function rootChooserHtml(suffix: string): string {
  const fallback = `/de${suffix}`;
  const script = `(function(){var s='${suffix}',t=null,w=null;try{t=localStorage.getItem('${TARGET_PATH_COOKIE}');w=localStorage.getItem('${WORLD_COOKIE}')}catch(e){}if(t&&t.charAt(0)==='/'&&t.charAt(1)!=='/'){try{localStorage.removeItem('${TARGET_PATH_COOKIE}')}catch(e){}location.replace(t);return}location.replace(w&&/^[a-z]{2}$/.test(w)?'/'+w+s:'${fallback}')})();`;
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Kreide</title><link rel="canonical" href="/de"><meta http-equiv="refresh" content="2;url=${fallback}"><script>${script}</script></head><body><a href="${fallback}">Kreide</a></body></html>`;
}

/**
 * A path without a world prefix: a known route (in any world's wording) is redirected into the
 * remembered world; anything else renders that world's translated 404.
 */
export function handleWorldlessPath(request: NextRequest): NextResponse {
  const { world } = chooseWorld({ rememberedWorld: request.cookies.get(WORLD_COOKIE)?.value });
  const pathname = request.nextUrl.pathname;
  const segments = pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  const url = request.nextUrl.clone();
  const found = matchRoute(world, segments) ?? matchForeignRoute(world, segments);
  if (found) {
    url.pathname = pathFor(world, found.route.id as RouteId, found.params);
    return NextResponse.redirect(url);
  }
  url.pathname = `/${world}${pathname}`;
  return NextResponse.rewrite(url);
}
