import { NextResponse, type NextRequest } from 'next/server';
import { decodePathSegments } from '@/lib/routing/decode-path';
import { resolveWorldlessPath } from '@/lib/request/resolution';
import { pathForRoute } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import { sameOriginPath } from '@/lib/text/same-origin-path';
import { jsonForScript } from '@/lib/text/script-json';
import { TARGET_PATH_COOKIE, WORLD_COOKIE, chooseWorld } from '@/lib/worlds/choose-world';

/** The home's tabs (its shelves) that `/?tab=` may name; anything else is dropped. */
export const HOME_TABS = ['bestsellers', 'new', 'free', 'sale'] as const;
const isHomeTab = (value: string | null): value is (typeof HOME_TABS)[number] =>
  (HOME_TABS as readonly string[]).includes(value ?? '');

/**
 * The root entry point `/`: a stored target path wins; otherwise the remembered
 * world's home (cookie); otherwise a tiny page that checks local storage and goes on to
 * the remembered world or de. `?tab=` is passed on to the home.
 */
export function handleRoot(request: NextRequest): NextResponse {
  const target = sameOriginPath(request.cookies.get(TARGET_PATH_COOKIE)?.value);
  if (target) {
    const response = NextResponse.redirect(new URL(target, request.url));
    response.cookies.delete(TARGET_PATH_COOKIE);
    return response;
  }
  const tab = request.nextUrl.searchParams.get('tab');
  const suffix = isHomeTab(tab) ? `?tab=${tab}` : '';
  const remembered = request.cookies.get(WORLD_COOKIE)?.value;
  const choice = chooseWorld({ rememberedWorld: remembered });
  if (choice.source === 'remembered') return NextResponse.redirect(new URL(`/${choice.world}${suffix}`, request.url));
  return new NextResponse(rootChooserHtml(suffix), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, follow',
    },
  });
}

/**
 * Picks the world from local storage when the cookie is gone; de otherwise. A stored target is
 * followed only when it resolves to this origin (the browser's own URL parser decides, as it
 * will when navigating). Values enter the script only as JSON.
 */
function rootChooserHtml(suffix: string): string {
  const fallback = `/de${suffix}`;
  const values = jsonForScript({ suffix, fallback, target: TARGET_PATH_COOKIE, world: WORLD_COOKIE });
  const script = `(function(){var v=${values},t=null,w=null;try{t=localStorage.getItem(v.target);w=localStorage.getItem(v.world)}catch(e){}if(t){try{localStorage.removeItem(v.target)}catch(e){}try{var u=new URL(t,location.origin);if(t.charAt(0)==='/'&&u.origin===location.origin){location.replace(u.pathname+u.search+u.hash);return}}catch(e){}}location.replace(w&&/^[a-z]{2}$/.test(w)?'/'+w+v.suffix:v.fallback)})();`;
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Kreide</title><link rel="canonical" href="/de"><meta http-equiv="refresh" content="2;url=${fallback}"><script>${script}</script></head><body><a href="${fallback}">Kreide</a></body></html>`;
}

/**
 * A path without a world prefix: a known route (in any world's wording) is redirected into the
 * remembered world; anything else renders that world's translated 404.
 */
export function handleWorldlessPath(request: NextRequest): NextResponse {
  const { world } = chooseWorld({ rememberedWorld: request.cookies.get(WORLD_COOKIE)?.value });
  const pathname = request.nextUrl.pathname;
  const segments = decodePathSegments(pathname.split('/').filter(Boolean));
  const url = request.nextUrl.clone();
  const found = segments && resolveWorldlessPath(world, segments);
  if (found) {
    url.pathname = pathForRoute(world, found.route.id as RouteId, found.params);
    return NextResponse.redirect(url);
  }
  url.pathname = `/${world}${pathname}`;
  return NextResponse.rewrite(url);
}
