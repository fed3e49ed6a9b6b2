import crypto from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Lru } from '@/lib/cache/lru.cjs';
import { isPrivateTag } from '@/lib/cache/tags';
import { processWide } from '@/lib/process-wide.cjs';
import { NONCE_LENGTH } from './csp';
import { DEFER_LOADER, deferFrameworkScripts, inertFlightScripts, joinFlightScripts } from './defer-scripts';
import { buildGzipTemplate, renderGzipTemplate, type GzipTemplate } from './nonce-gzip';
import { buildNonceTemplate, renderNonceTemplate, type NonceTemplate } from './nonce-html';
import { chunkBytes, endArguments } from './response-chunks';

/**
 * A stored page: the HTML split around its CSP nonces (each response gets its own),
 * and for gzip keys the same page compressed once with room for the nonce (lib/http/nonce-gzip.ts).
 */
export interface CachedPage {
  template: NonceTemplate;
  gzip: GzipTemplate | null;
}

/**
 * The two kinds of stored page: `public` pages are the same for every anonymous visitor of a
 * world; `private` pages belong to one session (lib/http/private-pages.ts). Each has its own
 * budget, so neither pushes the other's pages out, and its own key rule.
 */
export type Partition = 'public' | 'private';

/** A page to store: its answer, how long it may be served, and the tags whose change drops it. */
export interface NewPage {
  status: number;
  headers: OutgoingHttpHeaders;
  page: CachedPage;
  ttlMs: number;
  /**
   * A public page: the tags of the data its render read (lib/cache/render-tags.cjs); a private
   * page: its account's tags (privatePageTags).
   */
  tags: readonly string[];
}

export interface StoredPage extends NewPage {
  storedAt: number;
  bytes: number;
}

/** Bytes a stored page holds. */
export function pageBytes(page: CachedPage): number {
  let bytes = 0;
  for (const segment of page.template.segments) bytes += segment.length;
  for (const piece of page.gzip?.pieces ?? []) bytes += piece.length;
  return bytes;
}

/**
 * The tag of a public page whose render noted no data tag (Next served it from a render another
 * request started, or it reads no cached data): every purge of public data drops it, since what
 * it shows cannot be told.
 */
export const UNTAGGED_PAGE = 'page:untagged';

/**
 * How long purges are remembered: longer than any page takes from request to capture. A page
 * whose capture began before a purge that names one of its tags is not stored: it may show what
 * the purge was meant to remove (rendered, or served by Next, from the data before the change).
 */
const PURGE_MEMORY_MS = 60_000;
const MAX_REMEMBERED_TAGS = 10_000;

export interface Budget {
  maxEntries: number;
  maxBytes: number;
}

const BUDGETS: Record<Partition, Budget> = {
  public: { maxEntries: 5000, maxBytes: 256 * 1024 * 1024 },
  // Each private page serves one session.
  private: { maxEntries: 2000, maxBytes: 64 * 1024 * 1024 },
};

/** One partition: its pages least recently used first, and which keys each tag names. */
class Shelf {
  readonly keysOfTag = new Map<string, Set<string>>();
  readonly pages: Lru<StoredPage>;

  constructor({ maxEntries, maxBytes }: Budget) {
    this.pages = new Lru<StoredPage>(maxEntries, maxBytes, (key, page) => {
      for (const tag of page.tags) {
        const keys = this.keysOfTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) this.keysOfTag.delete(tag);
      }
    });
  }

  set(key: string, page: StoredPage): boolean {
    if (!this.pages.set(key, page)) return false;
    for (const tag of page.tags) {
      let keys = this.keysOfTag.get(tag);
      if (!keys) this.keysOfTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /** Drops the pages filed under one of `tags`: a lookup per tag, no pass over the keys. */
  purge(tags: Iterable<string>): number {
    let removed = 0;
    for (const tag of tags)
      for (const key of [...(this.keysOfTag.get(tag) ?? [])]) if (this.pages.delete(key)) removed++;
    return removed;
  }
}

/**
 * The process's store of rendered HTML pages, in front of Next and faster than its static route:
 * a page is rendered once and then served from memory until its time is up or a purge names one
 * of its tags. Two partitions (Partition), each bounded by entries and bytes, least recently used
 * out first (lib/cache/lru.cjs). Next's own entries (its page cache, which also answers client
 * navigations, and the data of `unstable_cache`) stay in its cache handler.
 */
export class PageStore {
  private readonly shelves: Record<Partition, Shelf>;
  /** When each tag was last purged, oldest first, for PURGE_MEMORY_MS. */
  private readonly purgedAt = new Map<string, number>();
  /** Captures begun at or before this moment are refused (everything purged, or tags forgotten early). */
  private purgeFloor = -Infinity;

  constructor(
    budgets: Record<Partition, Budget> = BUDGETS,
    // Read at each use, so tests can move the clock.
    private readonly now: () => number = () => Date.now(),
  ) {
    this.shelves = { public: new Shelf(budgets.public), private: new Shelf(budgets.private) };
  }

  /** The store's clock: pass its reading at the start of a capture to `set`. */
  timestamp(): number {
    return this.now();
  }

  get(partition: Partition, key: string): StoredPage | undefined {
    const pages = this.shelves[partition].pages;
    const page = pages.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt > page.ttlMs) {
      pages.delete(key);
      return undefined;
    }
    return page;
  }

  /**
   * Stores a page. `capturedSince` is when its request began: a purge since then that names one
   * of its tags means the page may be older than the purge, and it is not stored. Returns whether
   * it was stored.
   */
  set(partition: Partition, key: string, page: NewPage, capturedSince?: number): boolean {
    if (capturedSince !== undefined && this.purgedSince(page.tags, capturedSince)) return false;
    const stored = { ...page, storedAt: this.now(), bytes: pageBytes(page.page) };
    return this.shelves[partition].set(key, stored);
  }

  /**
   * Drops the pages filed under one of `tags`. Private tags (a seller's figures, an account's
   * pages) concern private pages only; any other tag concerns public pages, and with them every
   * page filed as UNTAGGED_PAGE.
   */
  purge(tags: Iterable<string>): number {
    const privateTags: string[] = [];
    const publicTags: string[] = [];
    for (const tag of tags) (isPrivateTag(tag) ? privateTags : publicTags).push(tag);
    if (publicTags.length > 0) publicTags.push(UNTAGGED_PAGE);
    this.remember([...privateTags, ...publicTags]);
    return this.shelves.private.purge(privateTags) + this.shelves.public.purge(publicTags);
  }

  /** Drops every page: anything may have changed. */
  purgeAll(): void {
    this.purgeFloor = Math.max(this.purgeFloor, this.now());
    this.purgedAt.clear();
    for (const shelf of Object.values(this.shelves)) shelf.pages.clear();
  }

  /** Pages stored, in one partition or both. */
  size(partition?: Partition): number {
    if (partition) return this.shelves[partition].pages.size;
    return this.shelves.public.pages.size + this.shelves.private.pages.size;
  }

  private remember(tags: readonly string[]): void {
    const now = this.now();
    for (const tag of tags) {
      // Re-inserted so the map stays ordered by time, oldest first.
      this.purgedAt.delete(tag);
      this.purgedAt.set(tag, now);
    }
    for (const [tag, at] of this.purgedAt) {
      const tooMany = this.purgedAt.size > MAX_REMEMBERED_TAGS;
      if (!tooMany && at >= now - PURGE_MEMORY_MS) break;
      // Forgotten early: captures begun before it are refused.
      if (tooMany) this.purgeFloor = Math.max(this.purgeFloor, at);
      this.purgedAt.delete(tag);
    }
  }

  private purgedSince(tags: readonly string[], since: number): boolean {
    if (since <= this.purgeFloor) return true;
    // A capture older than the purge memory cannot be checked: refuse it.
    if (since < this.now() - PURGE_MEMORY_MS) return true;
    return tags.some((tag) => (this.purgedAt.get(tag) ?? -Infinity) >= since);
  }
}

/**
 * The process-wide page store, shared by server.ts and route code: lib/cache purges it when data
 * changes, here or (through PostgreSQL NOTIFY) in another process.
 */
export function getPageStore(): PageStore {
  return processWide('page-store', () => new PageStore());
}

/**
 * A plain page load, the only kind of request a stored page may answer: GET or HEAD, no
 * client-router (RSC) request, no server action, no bearer token.
 */
export function isPlainPageLoad(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const h = req.headers;
  return !(
    h['rsc'] ||
    h['next-router-state-tree'] ||
    h['next-router-prefetch'] ||
    h['next-action'] ||
    h['authorization']
  );
}

/** What a stored page is kept as for this request: gzip when the client takes it, else plain. */
function storedEncoding(req: IncomingMessage): 'gzip' | 'identity' {
  const accepted = req.headers['accept-encoding'];
  return typeof accepted === 'string' && accepted.includes('gzip') ? 'gzip' : 'identity';
}

/** What every key holds: the host, the URL and the stored encoding. */
function pageAddress(req: IncomingMessage): string {
  return `${req.headers.host ?? ''}|${req.url ?? '/'}|${storedEncoding(req)}`;
}

/**
 * The key of a public page, or null when the request must not be served from the store: only
 * plain page loads (isPlainPageLoad) of visitors without a session qualify.
 */
export function publicPageKey(req: IncomingMessage): string | null {
  if (!isPlainPageLoad(req)) return null;
  const cookie = req.headers.cookie;
  if (typeof cookie === 'string' && /(?:^|;\s*)kreide_session=/.test(cookie)) return null;
  return pageAddress(req);
}

/**
 * The key of a private page: the account, then what a public page's key has, then a digest of the
 * whole Cookie header — a page is only ever served to requests that carry exactly the cookies it
 * was rendered for (session, impersonation, remembered world).
 */
export function privatePageKey(req: IncomingMessage, userId: number): string {
  const cookies = crypto
    .createHash('sha256')
    .update(String(req.headers.cookie ?? ''))
    .digest('base64url');
  return `${userId}|${pageAddress(req)}|${cookies}`;
}

/** The page of a stored entry with this response's nonce, in the encoding of its key. */
export function renderCachedPage(page: CachedPage, nonce: string): { body: Buffer; encoding: 'gzip' | null } {
  if (page.gzip) return { body: renderGzipTemplate(page.gzip, nonce), encoding: 'gzip' };
  return { body: renderNonceTemplate(page.template, nonce), encoding: null };
}

/**
 * Answers from the store; returns false on a miss. `csp` gives the response's nonce and its
 * Content-Security-Policy.
 */
export function serveCached(
  req: IncomingMessage,
  res: ServerResponse,
  partition: Partition,
  key: string,
  csp: () => { nonce: string; policy: string },
  store = getPageStore(),
): boolean {
  const entry = store.get(partition, key);
  if (!entry) return false;
  const { nonce, policy } = csp();
  const { body, encoding } = renderCachedPage(entry.page, nonce);
  // Copied key by key: spreading the stored headers into a literal took V8 10 µs a hit here, a
  // tenth of what serving a stored page costs in all.
  const headers: OutgoingHttpHeaders = {};
  for (const name in entry.headers) headers[name] = entry.headers[name];
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  headers['content-security-policy'] = policy;
  headers['x-kreide-cache'] = 'HIT';
  headers.age = String(Math.floor((Date.now() - entry.storedAt) / 1000));
  res.writeHead(entry.status, headers);
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
 * A page rendered for one request and never stored, yet prepared as stored pages are (framework
 * scripts deferred, payload scripts joined) before it goes out.
 */
export interface PrepareOnly {
  prepareOnly: true;
}

export interface CaptureOptions {
  partition: Partition;
  key: string;
  ttlMs: number;
  /**
   * The page's tags. Left out for a public page: the tags its render reads are noted into the
   * set capturePage returns (run Next's handler inside recordRenderTags with it).
   */
  tags?: readonly string[];
  /** The Cache-Control the stored copies of a dynamic but shareable page (search) are served with. */
  overrideCacheControl?: string;
}

/**
 * Records the HTML Next writes for this request (before the nonce goes in: this wrapper sits
 * closest to Next) and stores it when it is a page that may be stored: a 200 HTML page that no
 * other cache is told to refuse, unless it is private (stored for its own session only) or its
 * stored copies are served with their own Cache-Control. Such a page is held until Next has
 * finished, prepared once (framework scripts deferred, payload scripts joined) and that document
 * goes to the client and into the store, so the first answer and every stored one are the same
 * page but for the nonce. A page captured PrepareOnly is held and prepared the same way, then
 * sent and forgotten. Anything else passes through untouched and streamed. The stored copy is
 * split around its nonces and compressed after the response has ended, off its path.
 * Returns the set the render's tags are to be noted into (public pages), or null.
 */
export function capturePage(
  req: IncomingMessage,
  res: ServerResponse,
  options: CaptureOptions | PrepareOnly,
  store = getPageStore(),
): Set<string> | null {
  if (req.method !== 'GET') return null;
  const kept = 'prepareOnly' in options ? null : options;
  const renderTags = !kept || kept.tags ? null : new Set<string>();
  // A purge between now and the page's storing may concern it (lib/cache): checked at set.
  const capturedSince = store.timestamp();
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  /** Undecided until the head goes out; then the page's chunks while it is held, or null. */
  let held: Buffer[] | null | undefined;

  const decide = () => {
    if (held !== undefined) return;
    const type = String(res.getHeader('content-type') ?? '');
    const control = String(res.getHeader('cache-control') ?? '');
    const storable =
      !kept ||
      kept.partition === 'private' ||
      kept.overrideCacheControl !== undefined ||
      !/private|no-store/.test(control);
    held = res.statusCode === 200 && type.startsWith('text/html') && storable ? [] : null;
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (held === undefined) {
      res.statusCode = status;
      // Headers given to writeHead join the ones already set, so they are seen like those.
      const last = rest[rest.length - 1];
      if (last && typeof last === 'object' && !Array.isArray(last)) {
        for (const [name, value] of Object.entries(last as OutgoingHttpHeaders))
          if (value !== undefined) res.setHeader(name, value);
        rest = rest.slice(0, -1);
      }
      decide();
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    decide();
    if (!held) return write(chunk, encoding, callback);
    if (chunk !== undefined && chunk !== null) held.push(Buffer.from(chunkBytes(chunk, encoding)));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as ServerResponse['write'];

  res.end = ((...args: unknown[]) => {
    const { chunk, encoding, callback } = endArguments(args[0], args[1], args[2]);
    decide();
    if (!held) return end(chunk, encoding, callback);
    if (chunk !== undefined && chunk !== null) held.push(Buffer.from(chunkBytes(chunk, encoding)));
    let html: Buffer;
    try {
      html = preparedHtml(Buffer.concat(held));
    } catch (error) {
      console.error('page not prepared:', (error as Error).message);
      return end(Buffer.concat(held), callback);
    }
    if (!kept) return end(html, callback);
    const headers = { ...res.getHeaders() };
    if (kept.overrideCacheControl) headers['cache-control'] = kept.overrideCacheControl;
    for (const name of PER_RESPONSE_HEADERS) delete headers[name];
    // Private pages are kept plain: each serves one session a few times.
    const gzip = kept.partition === 'public' && storedEncoding(req) === 'gzip';
    setImmediate(() => {
      try {
        const tags = kept.tags ?? (renderTags!.size > 0 ? [...renderTags!] : [UNTAGGED_PAGE]);
        store.set(
          kept.partition,
          kept.key,
          { status: 200, headers, page: templateOf(html, gzip), ttlMs: kept.ttlMs, tags },
          capturedSince,
        );
      } catch (error) {
        console.error('page not stored:', (error as Error).message);
      }
    });
    return end(html, callback);
  }) as ServerResponse['end'];
  return renderTags;
}

/**
 * The document a stored page is: framework scripts deferred, payload scripts joined and, where
 * the loader runs the page, inert until it does.
 */
function preparedHtml(html: Buffer): Buffer {
  const deferred = deferFrameworkScripts(html.toString('utf8'));
  const joined = joinFlightScripts(deferred);
  return Buffer.from(deferred.includes(DEFER_LOADER) ? inertFlightScripts(joined) : joined);
}

/** A prepared document split around its nonces, and compressed for gzip keys. */
function templateOf(prepared: Buffer, gzip: boolean): CachedPage {
  const template = buildNonceTemplate(prepared);
  return { template, gzip: gzip ? buildGzipTemplate(template, NONCE_LENGTH) : null };
}

/** Prepares a page as capturePage does and splits it around its nonces. */
export function preparePage(html: Buffer, gzip: boolean): CachedPage {
  return templateOf(preparedHtml(html), gzip);
}
