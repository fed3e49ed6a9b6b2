import http from 'node:http';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { createTranslator } from 'next-intl';
import { cardTextsFrom } from '@/components/catalog/material-card-html';
import { searchHeading, searchResultsHtml, type SearchResultTexts } from '@/components/search/search-results-html';
import { bestsellerCards, type MaterialCard } from '@/lib/catalog/material-cards';
import { getMessages } from '@/lib/i18n/messages';
import { pathFor } from '@/lib/routing/localized-routes';
import { memoryEngine } from '@/lib/search/memory-engine';
import { readSearchParams } from '@/lib/search/params';
import { searchWith } from '@/lib/search/results';
import { SEARCH_SHELL_HEADER, SHELL_QUERY_MARKER, searchShellToken } from '@/lib/search/shell';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { getPageStore, type PageStore, type StoredPage } from './page-store';
import { parseShell, renderShellSegments, type ParsedShell } from './shell-splice';
import { NONCE_LENGTH } from './csp';
import { buildGzipTemplate } from './nonce-gzip';
import { renderNonceTemplate, type NonceTemplate } from './nonce-html';
import { Lru } from '@/lib/cache/lru.cjs';

/**
 * Anonymous search pages without Next (docs/decisions.md, "Search pages from a shell"). Next
 * renders a world's search page once as a shell — the page with markers where the results region
 * and the title go (lib/search/shell.ts) — which the page store keeps like any public page (its
 * render's tags and lifetime). A search is then answered by splicing the results region, built by
 * the same function the page uses (components/search/search-results-html.ts), into the shell's
 * markup and into its React payload, whose text row carries the region's byte length. Rendering
 * a page costs Next 30–40 ms here; this costs the search and a string join.
 */

/** The page-store key of a world's shell on a host. */
export function shellKey(host: string | undefined, world: WorldCode): string {
  return `search-shell|${host ?? ''}|${world}`;
}

/** How long a shell is kept (as a stored page): its tags expire it sooner. */
export const SHELL_TTL_MS = 300_000;

const parsedShells = new WeakMap<StoredPage, ParsedShell | null>();

function parsedShellOf(entry: StoredPage): ParsedShell | null {
  let parsed = parsedShells.get(entry);
  if (parsed === undefined) {
    try {
      parsed = parseShell(entry.page.template.segments.map((segment) => segment.toString('utf8')));
    } catch (error) {
      console.error(`search shell: ${(error as Error).message}`);
      parsed = null;
    }
    parsedShells.set(entry, parsed);
  }
  return parsed;
}

/** What a search that finds nothing offers: the world's bestsellers, kept a minute. */
const popularByWorld = new Map<WorldCode, { at: number; cards: Promise<MaterialCard[]> }>();
const POPULAR_KEPT_MS = 60_000;

function popularOf(world: WorldCode): Promise<MaterialCard[]> {
  const kept = popularByWorld.get(world);
  if (kept && Date.now() - kept.at < POPULAR_KEPT_MS) return kept.cards;
  const cards = bestsellerCards(world, 8);
  popularByWorld.set(world, { at: Date.now(), cards });
  cards.catch(() => popularByWorld.delete(world));
  return cards;
}

const textsByWorld = new Map<WorldCode, SearchResultTexts>();

/** The results region's words in the world's language, formatted as next-intl formats them. */
function textsOf(world: WorldCode): SearchResultTexts {
  let texts = textsByWorld.get(world);
  if (!texts) {
    const { locale, language } = getWorld(world);
    const messages = getMessages(language);
    const translate = (namespace: string) => {
      const t = createTranslator({ locale, messages, namespace: namespace as never, timeZone: 'UTC' });
      return (key: string, values?: Record<string, string | number>) => t(key as never, values as never);
    };
    const common = translate('common');
    texts = {
      search: translate('search'),
      folders: translate('favorites.folders'),
      common,
      cards: cardTextsFrom(common),
    };
    textsByWorld.set(world, texts);
  }
  return texts;
}

const requested = new Set<string>();
/** When each shell was last asked for: a page that cannot be a shell is not asked for again at once. */
const askedAt = new Map<string, number>();
const ASK_AGAIN_AFTER_MS = 10_000;

/**
 * Asks this process for a world's shell (once at a time per host and world): a request to its
 * own port with the shell secret, which the front door stores under the shell's key.
 */
export function requestShell(req: IncomingMessage, world: WorldCode): void {
  const host = req.headers.host;
  const key = shellKey(host, world);
  if (requested.has(key) || !req.socket.localPort) return;
  if (Date.now() - (askedAt.get(key) ?? 0) < ASK_AGAIN_AFTER_MS) return;
  requested.add(key);
  askedAt.set(key, Date.now());
  const done = () => requested.delete(key);
  const shellRequest = http.request(
    {
      host: '127.0.0.1',
      port: req.socket.localPort,
      path: `${pathFor(world, 'search')}?${SHELL_QUERY_MARKER}`,
      method: 'GET',
      headers: {
        host: host ?? 'localhost',
        accept: 'text/html',
        'accept-encoding': 'identity',
        [SEARCH_SHELL_HEADER]: searchShellToken(),
      },
    },
    (answer) => {
      answer.resume();
      answer.on('end', done);
      answer.on('error', done);
    },
  );
  shellRequest.setTimeout(30_000, () => shellRequest.destroy());
  shellRequest.on('error', done);
  shellRequest.end();
}

/** How long a search page is stored: one Next rendered, or an answer asked for again. */
export const SEARCH_PAGE_TTL_MS = 60_000;

/**
 * Page-store keys answered from a shell once in the last minute. An answer asked for a second
 * time is stored (popular searches are then served as stored pages); a crawler's one-off
 * searches are not, which would cost each of them a compression for nothing.
 */
const answeredOnce = new Lru<{ bytes: number }>(20_000, 20_000 * 200);
const SEEN = { bytes: 200 };

/**
 * Answers an anonymous search page from the world's shell, or resolves false (no shell yet, the
 * index still being built, a URL with values that are dropped), when Next renders it instead.
 */
export async function answerFromShell(
  req: IncomingMessage,
  res: ServerResponse,
  world: WorldCode,
  storeKey: string,
  csp: () => { nonce: string; policy: string },
  store: PageStore = getPageStore(),
): Promise<boolean> {
  const capturedSince = store.timestamp();
  const entry = store.get('public', shellKey(req.headers.host, world));
  if (!entry) {
    requestShell(req, world);
    return false;
  }
  const shell = parsedShellOf(entry);
  const engine = shell ? await memoryEngine() : null;
  if (!shell || !engine) return false;
  const url = req.url ?? '/';
  const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const { params, invalid } = readSearchParams(search);
  if (invalid) return false;
  const result = await searchWith(engine, world, params);
  const popular = result.total === 0 ? await popularOf(world) : [];
  const texts = textsOf(world);
  const results = searchResultsHtml({ world: getWorld(world), params, invalid, result, popular, texts });
  const template: NonceTemplate = {
    segments: renderShellSegments(shell, {
      results,
      title: searchHeading(params, null, texts.search),
      query: search.toString(),
    }).map((segment) => Buffer.from(segment)),
  };
  const { nonce, policy } = csp();
  const page = renderNonceTemplate(template, nonce);
  const gzip = String(req.headers['accept-encoding'] ?? '').includes('gzip');
  const body = gzip ? zlib.gzipSync(page, { level: 4 }) : page;
  const headers: OutgoingHttpHeaders = {};
  for (const name in entry.headers) headers[name] = entry.headers[name];
  if (gzip) headers['content-encoding'] = 'gzip';
  headers['content-length'] = String(body.length);
  headers['content-security-policy'] = policy;
  headers['x-kreide-cache'] = 'SHELL';
  if (res.headersSent) return true;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);

  if (answeredOnce.get(storeKey) === undefined) answeredOnce.set(storeKey, SEEN);
  else {
    answeredOnce.delete(storeKey);
    setImmediate(() => {
      const storedHeaders = { ...entry.headers };
      store.set(
        'public',
        storeKey,
        {
          status: 200,
          headers: storedHeaders,
          page: { template, gzip: gzip ? buildGzipTemplate(template, NONCE_LENGTH) : null },
          ttlMs: SEARCH_PAGE_TTL_MS,
          // What the answer shows: the shell's own reads, the world's lists and each material.
          tags: [...new Set([...entry.tags, `world:${world}`, ...result.items.map((item) => `material:${item.id}`)])],
        },
        capturedSince,
      );
    });
  }
  return true;
}
