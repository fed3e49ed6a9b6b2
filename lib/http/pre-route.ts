import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodePathSegments } from '@/lib/routing/decode-path';
import { robotsHeaderValue } from '@/lib/seo/page-metadata';
import { refuseAuthorDomainPaths } from './author-domain-paths';
import { recordClientAddress } from '@/lib/security/client-ip';
import { maskSecretPath } from './secret-paths';
import { installCompression } from './compression';
import { installSmallAnswerHold } from './small-answers';
import { createNonce, getCspBuilder } from './csp';
import { capturePage, privatePageKey, publicPageKey, serveCached } from './page-store';
import { installNonceInjection } from './nonce-response';
import { accountOfSessionCookie, PRIVATE_PAGE_TTL_MS, privatePageCandidate, privatePageTags } from './private-pages';
import { recordRenderTags } from '@/lib/cache/render-tags.cjs';
import { encodeResolution, RESOLUTION_HEADER, resolveRequest, type RequestResolution } from '@/lib/request/resolution';
import type { RouteId } from '@/lib/routing/routes';
import { applySecurityHeaders, isSecureRequest } from './security-headers';
import { serveStaticAsset } from './static-assets';
import { sameOriginPath } from '@/lib/text/same-origin-path';
import { repairTrackingQuery } from './tracking-query';
import { installRobotsFromPage } from './robots-from-page';
import { answerFromShell, SEARCH_PAGE_TTL_MS, shellKey, SHELL_TTL_MS } from './search-shell';
import { isSearchShellRequest, SEARCH_SHELL_HEADER } from '@/lib/search/shell';
import type { WorldCode } from '@/lib/worlds/worlds';

/**
 * Personal pages rendered per request that a phone should get as light as a public page: their
 * framework scripts start after the first paint, as a stored page's do (page-store.ts). The
 * cart's forms work as plain posts until the scripts take them over.
 */
const PREPARED_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>(['cart']);

/** How long anonymous HTML stays in the in-process cache (pages revalidate every 300 s too). */
const PAGE_TTL_MS = 300_000;
/** Stored search pages may be kept by a CDN for a minute, and served stale while it asks again. */
const SEARCH_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/**
 * Cheap work server.ts does before Next sees a request: a string check or one Map lookup each,
 * never I/O but for one: a seller's cabinet page (private-pages.ts) checks its session before it
 * may be served from memory. Given `next`, it hands the request to Next itself; without, the
 * caller does when it returns false. Returns true when it answered the request itself or took it
 * over. Stored pages live in the page store (page-store.ts). Every response gets the
 * security headers; every HTML page its own CSP nonce, cached or rendered by Next. The request's
 * resolution (lib/request/resolution.ts) is worked out here once and handed on in a request header,
 * so the proxy and the area pages behind it never look the route up again.
 */
export function preRoute(req: IncomingMessage, res: ServerResponse, next?: () => void): boolean {
  // Everything after this door trusts the resolution header: only the door may write it.
  delete req.headers[RESOLUTION_HEADER];
  // A path that cannot be decoded resolves to the world's not-found page, which Next renders.
  const requestedPath = (req.url ?? '/').split('?')[0]!;
  const host = req.headers.host;
  let resolution = resolveRequest(requestedPath, host, req.headers.cookie);
  if (resolution.path !== requestedPath) req.url = resolution.path;
  const url = req.url ?? '/';
  recordClientAddress(req);
  // Next takes a page's nonce from this request header: the policy is ours alone to set.
  delete req.headers['content-security-policy'];
  delete req.headers['content-security-policy-report-only'];
  const secure = isSecureRequest(req);
  applySecurityHeaders(req, res, secure);
  if (serveStaticAsset(req, res)) return true;
  if (refuseAuthorDomainPaths(req, res)) return true;
  const csp = getCspBuilder();
  /** A page served from memory: its own nonce and the policy naming it. */
  const cachedPageCsp = () => {
    const nonce = createNonce();
    return { nonce, policy: csp.build(nonce, host, secure) };
  };

  const queryStart = url.indexOf('?');
  if (queryStart !== -1) {
    const repaired = repairTrackingQuery(url.slice(queryStart + 1));
    // The target is the request's own path: `//evil.example/x` or `/\evil.example` would be
    // another host to a browser, so only a path that stays on this origin is repaired.
    const location =
      repaired === null ? null : sameOriginPath(url.slice(0, queryStart) + (repaired ? `?${repaired}` : ''));
    if (location !== null) {
      res.statusCode = 301;
      res.setHeader('Location', location);
      res.end();
      return true;
    }
  }

  // Next redirects permanently with 308; for the GET and HEAD requests pages get, 301 says the
  // same and is what crawlers and the spec (wrong slug → 301) expect.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    // Next's page redirects set Location twice; one is what HTTP allows.
    const location = res.getHeader('location');
    if (Array.isArray(location)) res.setHeader('location', location[0]!);
    return writeHead(status === 308 ? 301 : status, ...rest);
  }) as ServerResponse['writeHead'];

  /** Installs the capture of a page to be stored; returns the set its render's tags go into. */
  let capture: (() => Set<string> | null) | null = null;
  /** The world of an anonymous search that its page's shell may answer. */
  let fromShell: { world: WorldCode; key: string } | null = null;
  if (resolution.world && resolution.route && resolution.robots) {
    // Search-engine hint for every page of a world, as a header, from the route's class; pages
    // repeat it as meta, and public pages' header is then taken from that meta (below).
    res.setHeader('X-Robots-Tag', robotsHeaderValue(resolution.robots));
    const world = resolution.world;
    resolution = maskedResolution(req, res, resolution);
    // Public pages are the same for every anonymous visitor: serve them from memory.
    const shellOf = resolution.cache === 'public-search' && isSearchShellRequest(req.headers[SEARCH_SHELL_HEADER]);
    if (shellOf) {
      // This process asking for the world's search shell (lib/http/search-shell.ts): rendered by
      // Next and stored under the shell's key, never served from the store.
      const key = shellKey(host, world);
      capture = () =>
        capturePage(req, res, {
          partition: 'public',
          key,
          ttlMs: SHELL_TTL_MS,
          overrideCacheControl: SEARCH_CACHE_CONTROL,
        });
    } else if (resolution.cache === 'public-page' || resolution.cache === 'public-search') {
      const key = publicPageKey(req);
      if (key) {
        const served = serveCached(req, res, 'public', key, cachedPageCsp);
        if (served) return true;
        capture =
          resolution.cache === 'public-search'
            ? () =>
                capturePage(req, res, {
                  partition: 'public',
                  key,
                  ttlMs: SEARCH_PAGE_TTL_MS,
                  overrideCacheControl: SEARCH_CACHE_CONTROL,
                })
            : () => capturePage(req, res, { partition: 'public', key, ttlMs: PAGE_TTL_MS });
        // An anonymous search on the world's own host: answered from the page's shell without
        // Next, or rendered by Next (and stored) as before when that cannot be (below).
        if (resolution.cache === 'public-search' && !resolution.authorDomainHost) fromShell = { world, key };
      }
    } else if (resolution.cache === 'none' && resolution.route && PREPARED_ROUTES.has(resolution.route)) {
      capture = () => capturePage(req, res, { prepareOnly: true });
    }
  }

  /**
   * Hands the request on towards Next: Next → capture (the page as rendered) → nonce injection →
   * compression → the client. A public page being captured is rendered inside a recording of the
   * tags its render reads (lib/cache/render-tags.cjs), which the page is stored under.
   */
  const toNext = (capture: (() => Set<string> | null) | null, next?: () => void): boolean => {
    // Routing only: who is asking, the pages read from the cookie themselves.
    req.headers[RESOLUTION_HEADER] = encodeResolution(resolution);
    // A page's nonce changes with every response: a browser revalidating its old copy must get
    // the page again, never a 304 that pairs the old page with a new policy.
    if (String(req.headers.accept ?? '').includes('text/html')) {
      delete req.headers['if-none-match'];
      delete req.headers['if-modified-since'];
    }
    installCompression(req, res);
    installNonceInjection(req, res, (nonce) => csp.build(nonce, host, secure));
    const renderTags = capture?.() ?? null;
    // Pages of the catch-all (the public routes but search, whose class never changes, and a
    // world's not-found page) may say noindex for what their data is: the header follows what
    // the page rendered. Installed last, so it sits closest to Next and the page store keeps the
    // header it sets.
    if (resolution.world && (resolution.route === null || resolution.cache === 'public-page'))
      installRobotsFromPage(req, res);
    // Outermost, so every layer above sees a small answer's headers and body only when it ends.
    installSmallAnswerHold(res);
    if (!next) return false;
    if (renderTags) recordRenderTags(renderTags, next);
    else next();
    return true;
  };

  if (next && fromShell) {
    void answerFromShell(req, res, fromShell.world, fromShell.key, cachedPageCsp)
      .catch((error: unknown) => {
        console.error('search shell:', (error as Error).message);
        return false;
      })
      .then((answered) => {
        if (!answered && !res.headersSent) toNext(capture, next);
      });
    return true;
  }

  const sealedSession = next && resolution.cache === 'private-page' ? privatePageCandidate(req) : null;
  if (next && sealedSession) {
    void accountOfSessionCookie(sealedSession)
      .then((userId) => {
        // No valid session: Next sends the visitor to the login page.
        if (userId === null) return null;
        const key = privatePageKey(req, userId);
        const served = serveCached(req, res, 'private', key, cachedPageCsp);
        if (served) return 'served';
        return () =>
          capturePage(req, res, {
            partition: 'private',
            key,
            ttlMs: PRIVATE_PAGE_TTL_MS,
            tags: privatePageTags(userId),
          });
      })
      .catch((error: unknown) => {
        // The session could not be checked (database away): Next renders, and says so itself.
        console.error('private page store:', (error as Error).message);
        return null;
      })
      .then((outcome) => {
        if (outcome === 'served' || res.headersSent) return;
        toNext(outcome, next);
      });
    return true;
  }

  return toNext(capture, next);
}

/**
 * The resolution of a page whose path holds a mailed token: Next renders the masked path, so
 * the params and segments handed on are the masked ones too.
 */
function maskedResolution(req: IncomingMessage, res: ServerResponse, resolution: RequestResolution): RequestResolution {
  const masked = maskSecretPath(req, res, resolution.world!, {
    route: { id: resolution.route! },
    params: resolution.params,
  });
  if (!masked) return resolution;
  const path = (req.url ?? '/').split('?')[0]!;
  const rendered = path.split('/').filter(Boolean).slice(1);
  return { ...resolution, path, params: masked, segments: decodePathSegments(rendered) ?? rendered };
}
