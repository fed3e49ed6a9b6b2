import { NextResponse, type NextRequest } from 'next/server';
import type { RequestResolution } from '@/lib/request/resolution';
import { AREA_SEGMENTS, areaOfSegment } from '@/lib/routing/areas';
import { isWorldCode } from '@/lib/worlds/worlds';

/**
 * Sends an area page to its area's folder: the front door's resolution names the route of a
 * localised path (`/it/account/dati-bancari` → cabinet-bank-details), and the request is
 * rewritten to `/{world}/{area folder}/{the same segments}`, where the area's layout takes the
 * same resolution from the request. The browser keeps the localised address. The folders themselves are internal: asked for
 * from outside they are not found. Returns null for paths that are not an area's (public pages,
 * another world's wording, unknown words), which the catch-all route answers.
 */
export function rewriteArea(request: NextRequest, resolution: RequestResolution): NextResponse | null {
  const [world, ...segments] = request.nextUrl.pathname.split('/').filter(Boolean);
  if (!isWorldCode(world) || segments.length === 0) return null;
  const url = request.nextUrl.clone();
  if (areaOfSegment(segments[0])) {
    url.pathname = `/${world}/404`;
    return NextResponse.rewrite(url);
  }
  const { area } = resolution;
  if (resolution.world !== world || !resolution.route || !area || area === 'public') return null;
  url.pathname = `/${world}/${AREA_SEGMENTS[area]}/${segments.join('/')}`;
  return NextResponse.rewrite(url);
}
