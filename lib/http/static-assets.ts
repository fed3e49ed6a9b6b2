import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The build's static files (`/_next/static/…`) with the compressed copies written at build time
 * (lib/build/precompress.ts), held in memory: a page load asks for about ten chunks, and
 * compressing them on every request cost the server CPU while the phone waited.
 */
type Asset = { type: string; plain: Buffer; br?: Buffer; gz?: Buffer };

/** The static files worth compressing, by extension (fonts and images already are), and their types. */
export const COMPRESSIBLE_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
};
const PREFIX = '/_next/static/';

let assets: Map<string, Asset> | null = null;

/** Reads every precompressed static file of a production build; others stay with Next. */
export function loadStaticAssets(staticDir: string): number {
  const loaded = new Map<string, Asset>();
  if (fs.existsSync(staticDir)) {
    for (const entry of fs.readdirSync(staticDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const type = COMPRESSIBLE_TYPES[path.extname(entry.name)];
      const file = path.join(entry.parentPath, entry.name);
      if (!type || !fs.existsSync(`${file}.br`) || !fs.existsSync(`${file}.gz`)) continue;
      const key = PREFIX + path.relative(staticDir, file).split(path.sep).join('/');
      loaded.set(key, {
        type,
        plain: fs.readFileSync(file),
        br: fs.readFileSync(`${file}.br`),
        gz: fs.readFileSync(`${file}.gz`),
      });
    }
  }
  assets = loaded;
  return loaded.size;
}

/** The encoding to answer with: Brotli, then gzip, as the client accepts them (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Answers a static file from memory; false when it is not one (Next answers then). */
export function serveStaticAsset(req: IncomingMessage, res: ServerResponse): boolean {
  if (!assets || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const url = req.url ?? '';
  if (!url.startsWith(PREFIX)) return false;
  const queryStart = url.indexOf('?');
  const asset = assets.get(queryStart === -1 ? url : url.slice(0, queryStart));
  if (!asset) return false;
  const encoding = pickEncoding(req.headers['accept-encoding'] as string | undefined);
  const body = encoding === 'br' ? asset.br! : encoding === 'gzip' ? asset.gz! : asset.plain;
  res.statusCode = 200;
  res.setHeader('Content-Type', asset.type);
  // Hashed names never change their content: cached for a year, as Next itself answers.
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
