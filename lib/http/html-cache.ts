import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { deferFrameworkScripts } from './defer-scripts';

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  ttlMs: number;
}

/**
 * An in-process cache of anonymous public HTML, in front of Next (DESIGN §3): a page every
 * anonymous visitor of a world sees the same way is rendered once and then served from memory
 * until its time is up. Bounded by entries and bytes, least recently used out first.
 */
export class HtmlCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 5000,
    private readonly maxBytes = 256 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

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

  set(key: string, entry: Omit<Entry, 'storedAt'>): void {
    this.delete(key);
    const stored = { ...entry, storedAt: this.now() };
    this.entries.set(key, stored);
    this.bytes += stored.body.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }

  /** Drops every entry whose key contains `fragment` (all when omitted): data changed. */
  purge(fragment?: string): number {
    let removed = 0;
    for (const key of [...this.entries.keys()]) {
      if (fragment === undefined || key.includes(fragment)) {
        this.delete(key);
        removed++;
      }
    }
    return removed;
  }

  get size(): number {
    return this.entries.size;
  }
}

const holder = globalThis as typeof globalThis & { __kreideHtmlCache?: HtmlCache };

/** The process-wide HTML cache (shared with route code, which purges it when data changes). */
export function getHtmlCache(): HtmlCache {
  holder.__kreideHtmlCache ??= new HtmlCache();
  return holder.__kreideHtmlCache;
}

/**
 * The cache key of a request, or null when it must not be served from the cache: only plain
 * anonymous GET/HEAD page loads qualify — no client-router (RSC) requests, no credentials.
 */
export function htmlCacheKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const h = req.headers;
  if (h['rsc'] || h['next-router-state-tree'] || h['next-router-prefetch'] || h['next-action'] || h['authorization']) return null;
  if (typeof h.cookie === 'string' && /(?:^|;\s*)kreide_session=/.test(h.cookie)) return null;
  const encoding = typeof h['accept-encoding'] === 'string' && h['accept-encoding'].includes('gzip') ? 'gzip' : 'identity';
  return `${h.host ?? ''}|${req.url ?? '/'}|${encoding}`;
}

/** Answers from the cache; returns false on a miss. */
export function serveCached(req: IncomingMessage, res: ServerResponse, key: string, cache = getHtmlCache()): boolean {
  const entry = cache.get(key);
  if (!entry) return false;
  res.writeHead(entry.status, {
    ...entry.headers,
    'x-kreide-cache': 'HIT',
    age: String(Math.floor((Date.now() - entry.storedAt) / 1000)),
  });
  res.end(req.method === 'HEAD' ? undefined : entry.body);
  return true;
}

/**
 * Records what Next sends for this request and stores it when it is a 200 HTML page. The body
 * is kept as sent (compressed when the client accepted gzip, which is part of the key).
 * Dynamic pages that may still be shared for a while (search results) pass the Cache-Control
 * their cached copies are served with.
 */
export function captureIntoCache(
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  ttlMs: number,
  options: { overrideCacheControl?: string } = {},
  cache = getHtmlCache(),
): void {
  if (req.method !== 'GET') return;
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    const type = String(res.getHeader('content-type') ?? '');
    const control = String(res.getHeader('cache-control') ?? '');
    const cacheable = options.overrideCacheControl !== undefined || !/private|no-store/.test(control);
    if (res.statusCode === 200 && type.startsWith('text/html') && cacheable) {
      const headers = { ...res.getHeaders() };
      if (options.overrideCacheControl) headers['cache-control'] = options.overrideCacheControl;
      delete headers['set-cookie'];
      delete headers['date'];
      delete headers['x-nextjs-cache'];
      delete headers['content-length'];
      cache.set(key, { status: 200, headers, body: transformHtml(Buffer.concat(chunks), headers['content-encoding']), ttlMs });
    }
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

/** Applies the script deferral to a stored page, keeping its content encoding. */
function transformHtml(body: Buffer, encoding: unknown): Buffer {
  try {
    if (encoding === 'gzip') return zlib.gzipSync(deferFrameworkScripts(zlib.gunzipSync(body).toString('utf8')));
    if (encoding === undefined) return Buffer.from(deferFrameworkScripts(body.toString('utf8')));
  } catch (error) {
    console.error('cached HTML left as rendered:', (error as Error).message);
  }
  return body;
}
