import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchRoute } from '@/lib/routing/localized-routes';
import { robotsHeaderValue } from '@/lib/seo/page-metadata';
import { isWorldCode } from '@/lib/worlds/worlds';
import { CLIENT_IP_HEADER } from './client-ip';
import { repairTrackingQuery } from './tracking-query';

/**
 * Cheap work server.ts does before Next sees a request: a string check or one Map lookup each,
 * never I/O. Returns true when it answered the request itself.
 */
export function preRoute(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  // Route handlers trust this header, so a client's own value is always replaced.
  req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? '';

  const queryStart = url.indexOf('?');
  if (queryStart !== -1) {
    const repaired = repairTrackingQuery(url.slice(queryStart + 1));
    if (repaired !== null) {
      res.statusCode = 301;
      res.setHeader('Location', url.slice(0, queryStart) + (repaired ? `?${repaired}` : ''));
      res.end();
      return true;
    }
  }

  // Search-engine hint for every page of a world, as a header (SPEC §2); pages repeat it as meta.
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const segments = path.split('/').filter(Boolean);
  const world = segments[0];
  if (isWorldCode(world)) {
    let decoded: string[];
    try {
      decoded = segments.slice(1).map((s) => decodeURIComponent(s));
    } catch {
      decoded = [];
    }
    const match = matchRoute(world, decoded);
    if (match) res.setHeader('X-Robots-Tag', robotsHeaderValue(match.route.robots));
  }
  return false;
}
