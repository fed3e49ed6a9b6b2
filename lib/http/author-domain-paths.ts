import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody } from '@/lib/errors/app-error';
import { errorMessage } from '@/lib/errors/messages';
import { peekAuthorDomain } from '@/lib/proxy/author-domains';
import { STOREFRONT_FOLDER, isStorefrontFolderPath } from '@/lib/proxy/storefront-folder';
import { normalizeHost } from '@/lib/text/host-name';
import { isOwnHostName } from '@/lib/seo/own-hosts';

/**
 * Paths whose first segment Next may read differently from how it is spelled: a backslash, a
 * repeated slash, a dot segment (also escaped), or an escape in the first segment (`/%61pi`).
 * Other escapes (`/gr/%CE%B1…`, every Greek page) cannot change the first segment: no cost there.
 */
const ODD_PATH = /\\|\/\/|\/\.|%2e|^\/[^/]*%/i;

/**
 * The path of a request URL as Next will route it: `\` read as `/` and repeated slashes as one
 * (Next redirects to that path), dot segments resolved, escapes decoded. Only odd paths pay for
 * the parse; a broken escape gives null (Next answers 404).
 */
function routedPath(path: string): string | null {
  if (!ODD_PATH.test(path)) return path;
  try {
    return decodeURIComponent(new URL(path.replace(/[\\/]+/g, '/'), 'http://host.invalid').pathname);
  } catch {
    return null;
  }
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Hosts that are Kreide's own without asking the map: author domains are other DNS names. */
function isKreideHost(host: string): boolean {
  return host === '' || isOwnHostName(host);
}

function answerJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
): true {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(req.method === 'HEAD' ? undefined : text);
  return true;
}

/**
 * Paths that belong to author domains, asked for where they must not be served. Called by
 * server.ts before Next, so it is a string check for almost every request and never waits:
 *
 * - The API on an author's domain: a 404 in the API's error shape. A storefront has no personal
 *   actions of its own (follow and cart are links to the main site, which owns the session
 *   cookie), so the API — sign-in, cookies, mutations — lives on Kreide's host only. /api is not
 *   in the proxy's matcher, so this is where it is refused. Until the domain map has loaded once
 *   (the first moments after a start) a host that may be an author's gets a 503 to retry.
 * - The internal storefront folder (`/storefront/…`), on any host: the proxy rewrites author
 *   domains into it inside Next, so a request from outside that names it is never a storefront.
 *   It goes on to Next as the bare folder path, which the proxy answers with the translated 404
 *   (the proxy's matcher would skip `/storefront/author.example`: it ends like a file name).
 *
 * Returns true when it answered the request itself.
 */
export function refuseAuthorDomainPaths(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const spelled = query === -1 ? url : url.slice(0, query);
  // The way out for nearly every request: a plain path that is neither /api nor /storefront.
  if (!/^\/(?:api|storefront)(?:\/|$)/.test(spelled) && !ODD_PATH.test(spelled)) return false;
  const path = routedPath(spelled);
  if (path === null) return false;
  if (isStorefrontFolderPath(path)) {
    req.url = STOREFRONT_FOLDER;
    return false;
  }
  if (!isApiPath(path)) return false;
  const host = normalizeHost(req.headers.host);
  if (isKreideHost(host)) return false;
  const found = peekAuthorDomain(host);
  if (!found.ready) {
    return answerJson(
      req,
      res,
      503,
      {
        error: {
          code: 'unavailable',
          message: errorMessage('de', 'unavailable'),
          details: { reason: 'author_domains_loading' },
        },
      },
      { 'Retry-After': '1' },
    );
  }
  if (!found.domain) return false;
  return answerJson(req, res, 404, {
    error: {
      code: 'not_found',
      message: errorMessage(found.domain.world, 'not_found'),
      details: { reason: 'author_domain' },
    },
  });
}
