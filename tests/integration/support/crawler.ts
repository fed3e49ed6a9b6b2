import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metadata } from 'next';
import WorldPage, { generateMetadata } from '@/app/[world]/[[...path]]/page';
import { ACCOUNT_VIEWS } from '@/components/areas/views/account';
import { ADMIN_VIEWS } from '@/components/areas/views/admin';
import { CABINET_VIEWS } from '@/components/areas/views/cabinet';
import { SCHOOL_VIEWS } from '@/components/areas/views/school';
import { SHOPPING_VIEWS } from '@/components/areas/views/shopping';
import { SearchPage } from '@/components/pages/search-page';
import { ShellPage } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { getPageStore } from '@/lib/http/page-store';
import { preRoute } from '@/lib/http/pre-route';
import { decodeResolution, RESOLUTION_HEADER, resolveRequest } from '@/lib/request/resolution';
import { getRoute, type Area, type RouteId } from '@/lib/routing/routes';
import { getWorld, isWorldCode } from '@/lib/worlds/worlds';
import { renderHtml } from './render';
import { translateInto } from './translations';

/**
 * The front door (lib/http/pre-route.ts) in front of a stand-in for Next that renders what Next
 * would for a crawler: the catch-all page of app/[world] (its view, its not-found state, its
 * redirects) with the robots meta tag and canonical link of its metadata, and for an area route
 * the metadata of the area's view. So a test reads what a crawler reads: status, X-Robots-Tag,
 * the robots meta tags and the canonical link, from the real routing table, views and data.
 * Browser journeys (tests/e2e/crawler.spec.ts) check the same against the built server.
 */

/** The metadata half of each area's registry of views. */
const AREA_VIEWS: Record<
  Exclude<Area, 'public'>,
  Partial<Record<RouteId, () => Promise<Pick<PageView, 'metadata'>>>>
> = {
  account: ACCOUNT_VIEWS,
  shopping: SHOPPING_VIEWS,
  cabinet: CABINET_VIEWS,
  school: SCHOOL_VIEWS,
  admin: ADMIN_VIEWS,
};

/** The robots meta value Next writes for a page's metadata (`index, follow`, …). */
export function robotsMetaContent(robots: Metadata['robots']): string | null {
  if (!robots) return null;
  if (typeof robots === 'string') return robots;
  const parts: string[] = [];
  if (robots.index !== undefined) parts.push(robots.index ? 'index' : 'noindex');
  if (robots.follow !== undefined) parts.push(robots.follow ? 'follow' : 'nofollow');
  return parts.join(', ');
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function headOf(metadata: Metadata, notFound: boolean): string {
  const robots = robotsMetaContent(metadata.robots);
  const canonical = metadata.alternates?.canonical;
  return [
    '<meta charSet="utf-8"/>',
    robots ? `<meta name="robots" content="${escapeAttribute(robots)}"/>` : '',
    // Next adds its own to every not-found answer.
    notFound ? '<meta name="robots" content="noindex"/>' : '',
    canonical ? `<link rel="canonical" href="${escapeAttribute(String(canonical))}"/>` : '',
  ].join('');
}

/** Renders a request the front door handed on, as Next would for the routes it reaches. */
async function standInForNext(req: IncomingMessage, res: ServerResponse) {
  // As the app's readers do: the door's resolution, or the same lookup where it carries none
  // (its header holds string params only; a `slug*` route's are resolved by the page itself).
  const resolution =
    decodeResolution(req.headers[RESOLUTION_HEADER] as string | undefined) ??
    resolveRequest((req.url ?? '/').split('?')[0]!, req.headers.host);
  const world = resolution?.world;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  if (!resolution || !world || !isWorldCode(world)) {
    res.statusCode = 404;
    res.end('<!DOCTYPE html><html><head></head><body>no world</body></html>');
    return;
  }
  translateInto(getWorld(world).language);
  if (resolution.route && resolution.area && resolution.area !== 'public') {
    const route = getRoute(resolution.route);
    const view = (await AREA_VIEWS[resolution.area][route.id]?.()) ?? ShellPage;
    const metadata = await view.metadata({ world: getWorld(world), route, params: resolution.params });
    res.end(
      `<!DOCTYPE html><html><head>${headOf(metadata, false)}</head><body data-area="${route.area}"></body></html>`,
    );
    return;
  }
  if (resolution.route === 'search') {
    // The proxy sends search paths to their own dynamic route (app/[world]/search-view).
    const metadata = await SearchPage.metadata({
      world: getWorld(world),
      route: getRoute('search'),
      params: {},
      searchParams: Promise.resolve({}),
    });
    res.end(`<!DOCTYPE html><html><head>${headOf(metadata, false)}</head><body></body></html>`);
    return;
  }
  const props = { params: Promise.resolve({ world, path: resolution.segments }) };
  try {
    const body = await renderHtml(await WorldPage(props));
    const head = headOf(await generateMetadata(props), false);
    res.end(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest ?? '');
    if (digest.startsWith('NEXT_REDIRECT;')) {
      const [, , location] = digest.split(';');
      res.statusCode = 308;
      res.setHeader('location', location!);
      res.end();
      return;
    }
    if (!digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404')) throw error;
    res.statusCode = 404;
    const head = headOf(await generateMetadata(props), true);
    res.end(`<!DOCTYPE html><html><head>${head}</head><body></body></html>`);
  }
}

/** What a crawler gets for one address. */
export interface CrawledPage {
  status: number;
  /** X-Robots-Tag, or null when the answer has none. */
  header: string | null;
  /** Every robots meta tag's content, in document order. */
  metas: string[];
  canonical: string | null;
  location: string | null;
  html: string;
}

/** The robots directives several meta tags add up to, as a header says them. */
export function combinedMeta(metas: readonly string[]): string | null {
  if (metas.length === 0) return null;
  const all = metas.flatMap((content) => content.toLowerCase().split(/[\s,]+/));
  const index = !all.includes('noindex') && !all.includes('none');
  const follow = !all.includes('nofollow') && !all.includes('none');
  return `${index ? 'index' : 'noindex'}, ${follow ? 'follow' : 'nofollow'}`;
}

function readPage(status: number, headers: http.IncomingHttpHeaders, html: string): CrawledPage {
  const metas = [...html.matchAll(/<meta name="robots" content="([^"]*)"/g)].map((m) => m[1]!);
  const header = headers['x-robots-tag'];
  return {
    status,
    header: typeof header === 'string' ? header : null,
    metas,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null,
    location: typeof headers.location === 'string' ? headers.location : null,
    html,
  };
}

/** A server with the front door and the stand-in for Next; `crawl(path)` loads a page through it. */
export async function startCrawlerDoor(): Promise<{
  crawl(path: string): Promise<CrawledPage>;
  stop(): Promise<void>;
}> {
  const server = http.createServer((req, res) => {
    if (preRoute(req, res)) return;
    standInForNext(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String((error as Error).stack));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const crawl = (path: string) =>
    new Promise<CrawledPage>((resolve, reject) => {
      // A crawler: no cookies, takes HTML; each page fresh (the page store is tested on its own).
      getPageStore().purgeAll();
      const request = http.get({ host: '127.0.0.1', port, path, headers: { accept: 'text/html' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve(readPage(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8'))),
        );
        res.on('error', reject);
      });
      request.on('error', reject);
    });
  return { crawl, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
