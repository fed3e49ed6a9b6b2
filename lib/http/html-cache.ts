import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { processWide } from '@/lib/process-wide.cjs';
import { NONCE_LENGTH } from './csp';
import { deferFrameworkScripts, joinFlightScripts } from './defer-scripts';
import { buildGzipTemplate, renderGzipTemplate, type GzipTemplate } from './nonce-gzip';
import { buildNonceTemplate, renderNonceTemplate, type NonceTemplate } from './nonce-html';

/**
 * A stored page: the HTML split around its CSP nonces (each response gets its own),
 * and for gzip keys the same page compressed once with room for the nonce (lib/http/nonce-gzip.ts).
 */
export interface CachedPage {
  template: NonceTemplate;
  gzip: GzipTemplate | null;
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  page: CachedPage;
  storedAt: number;
  ttlMs: number;
}

/** Bytes a stored page holds. */
export function pageBytes(page: CachedPage): number {
  let bytes = 0;
  for (const segment of page.template.segments) bytes += segment.length;
  for (const piece of page.gzip?.pieces ?? []) bytes += piece.length;
  return bytes;
}

/** A purge remembered for a while, so a page captured while it ran is not stored afterwards. */
interface RecentPurge {
  at: number;
  matches: (key: string) => boolean;
}

/**
 * How long purges are remembered: longer than any page takes from request to capture. A page
 * whose capture began before a purge that matches it is not stored: it may show what the purge
 * was meant to remove (rendered, or served by Next, from the data before the change).
 */
const PURGE_MEMORY_MS = 60_000;
const MAX_RECENT_PURGES = 10_000;

/**
 * An in-process cache of anonymous public HTML, in front of Next and faster than its static
 * route: a page every anonymous visitor of a world sees the same way is rendered once and then
 * served from memory until its time is up or a purge drops it. Bounded by entries and bytes,
 * least recently used out first.
 */
export class HtmlCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private recentPurges: RecentPurge[] = [];
  /** Captures begun at or before this moment are refused (purges forgotten early). */
  private purgeFloor = -Infinity;

  constructor(
    private readonly maxEntries = 5000,
    private readonly maxBytes = 256 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cache's clock: pass its reading at the start of a capture to `set`. */
  timestamp(): number {
    return this.now();
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > entry.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Refresh its place in the LRU order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Stores a page. `capturedSince` is when its request began: a purge since then that matches
   * the key means the page may be older than the purge, and it is not stored. Returns whether it
   * was stored.
   */
  set(key: string, entry: Omit<Entry, 'storedAt'>, capturedSince?: number): boolean {
    if (capturedSince !== undefined && this.purgedSince(key, capturedSince)) return false;
    this.delete(key);
    const stored = { ...entry, storedAt: this.now() };
    this.entries.set(key, stored);
    this.bytes += pageBytes(stored.page);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= pageBytes(entry.page);
    this.entries.delete(key);
  }

  /** Drops every entry whose key contains `fragment` (all when omitted): data changed. */
  purge(fragment?: string): number {
    return this.purgeWhere(fragment === undefined ? () => true : (key) => key.includes(fragment));
  }

  /** Drops every entry whose key `matches`: data changed. One pass over the keys. */
  purgeWhere(matches: (key: string) => boolean): number {
    this.remember(matches);
    let removed = 0;
    for (const key of [...this.entries.keys()]) {
      if (matches(key)) {
        this.delete(key);
        removed++;
      }
    }
    return removed;
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(matches: (key: string) => boolean): void {
    const now = this.now();
    const keepFrom = now - PURGE_MEMORY_MS;
    while (this.recentPurges.length > 0 && this.recentPurges[0]!.at < keepFrom) this.recentPurges.shift();
    // Past the limit the oldest purges are forgotten, and captures begun before them refused.
    while (this.recentPurges.length >= MAX_RECENT_PURGES)
      this.purgeFloor = Math.max(this.purgeFloor, this.recentPurges.shift()!.at);
    this.recentPurges.push({ at: now, matches });
  }

  private purgedSince(key: string, since: number): boolean {
    if (since <= this.purgeFloor) return true;
    // A capture older than the purge memory cannot be checked: refuse it.
    if (since < this.now() - PURGE_MEMORY_MS) return true;
    return this.recentPurges.some((purge) => purge.at >= since && purge.matches(key));
  }
}

/**
 * The process-wide HTML cache, shared by server.ts and route code: lib/cache purges it when data
 * changes, here or (through PostgreSQL NOTIFY) in another process.
 */
export function getHtmlCache(): HtmlCache {
  return processWide('html-cache', () => new HtmlCache());
}

/**
 * The cache key of a request, or null when it must not be served from the cache: only plain
 * anonymous GET/HEAD page loads qualify — no client-router (RSC) requests, no credentials.
 */
export function htmlCacheKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const h = req.headers;
  if (h['rsc'] || h['next-router-state-tree'] || h['next-router-prefetch'] || h['next-action'] || h['authorization'])
    return null;
  if (typeof h.cookie === 'string' && /(?:^|;\s*)kreide_session=/.test(h.cookie)) return null;
  const encoding =
    typeof h['accept-encoding'] === 'string' && h['accept-encoding'].includes('gzip') ? 'gzip' : 'identity';
  return `${h.host ?? ''}|${req.url ?? '/'}|${encoding}`;
}

/** The page of a cached entry with this response's nonce, in the encoding of its key. */
export function renderCachedPage(page: CachedPage, nonce: string): { body: Buffer; encoding: 'gzip' | null } {
  if (page.gzip) return { body: renderGzipTemplate(page.gzip, nonce), encoding: 'gzip' };
  return { body: renderNonceTemplate(page.template, nonce), encoding: null };
}

/**
 * Answers from the cache; returns false on a miss. `csp` gives the response's nonce and its
 * Content-Security-Policy.
 */
export function serveCached(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  csp: () => { nonce: string; policy: string },
  cache = getHtmlCache(),
): boolean {
  const entry = cache.get(key);
  if (!entry) return false;
  const { nonce, policy } = csp();
  const { body, encoding } = renderCachedPage(entry.page, nonce);
  res.writeHead(entry.status, {
    ...entry.headers,
    ...(encoding ? { 'content-encoding': encoding } : {}),
    'content-length': String(body.length),
    'content-security-policy': policy,
    'x-kreide-cache': 'HIT',
    age: String(Math.floor((Date.now() - entry.storedAt) / 1000)),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** Headers that belong to one response, never to a stored page. */
const PER_RESPONSE_HEADERS = [
  'set-cookie',
  'date',
  'x-nextjs-cache',
  'content-length',
  'content-encoding',
  'etag',
  'content-security-policy',
  'strict-transport-security',
];

/**
 * Records the HTML Next writes for this request (before the nonce goes in: this wrapper sits
 * closest to Next) and stores it when it is a 200 HTML page. Dynamic pages that may still be
 * shared for a while (search results) pass the Cache-Control their cached copies are served with.
 * The page is prepared for serving (scripts deferred, split around nonces, compressed for gzip
 * keys) after the response has ended, off its path.
 */
export function captureIntoCache(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  ttlMs: number,
  options: { overrideCacheControl?: string; privatePage?: boolean } = {},
  cache = getHtmlCache(),
): void {
  if (req.method !== 'GET') return;
  // A purge between now and the page's storing may concern it (lib/cache): checked at set.
  const capturedSince = cache.timestamp();
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? Buffer.from(chunk)
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    const type = String(res.getHeader('content-type') ?? '');
    const control = String(res.getHeader('cache-control') ?? '');
    // A private page (lib/http/private-page-cache.ts) keeps Next's `private, no-store`: it is
    // stored here for its own session only, and no other cache may keep it.
    const cacheable =
      options.privatePage === true || options.overrideCacheControl !== undefined || !/private|no-store/.test(control);
    if (res.statusCode === 200 && type.startsWith('text/html') && cacheable) {
      const headers = { ...res.getHeaders() };
      if (options.overrideCacheControl) headers['cache-control'] = options.overrideCacheControl;
      for (const name of PER_RESPONSE_HEADERS) delete headers[name];
      const body = Buffer.concat(chunks);
      const gzip = key.endsWith('|gzip');
      setImmediate(() => {
        try {
          cache.set(key, { status: 200, headers, page: preparePage(body, gzip), ttlMs }, capturedSince);
        } catch (error) {
          console.error('page not cached:', (error as Error).message);
        }
      });
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

/** Defers the framework scripts, joins the payload scripts, and splits the page around nonces. */
export function preparePage(html: Buffer, gzip: boolean): CachedPage {
  const template = buildNonceTemplate(Buffer.from(joinFlightScripts(deferFrameworkScripts(html.toString('utf8')))));
  return { template, gzip: gzip ? buildGzipTemplate(template, NONCE_LENGTH) : null };
}
