import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressStaticAssets } from '@/lib/build/precompress';
import { loadStaticAssets, pickEncoding, serveStaticAsset } from './static-assets';

const SOURCE = `(globalThis.TURBOPACK||[]).push([${'"chunk",'.repeat(500)}]);`;
let server: http.Server;
let origin: string;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-static-'));
  fs.mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'static', 'chunks', 'app.js'), SOURCE);
  fs.writeFileSync(path.join(dist, 'static', 'chunks', 'font.woff2'), 'binary');
  expect(await precompressStaticAssets(dist)).toBe(1);
  expect(loadStaticAssets(path.join(dist, 'static'))).toBe(1);
  server = http.createServer((req, res) => {
    if (serveStaticAsset(req, res)) return;
    res.statusCode = 404;
    res.end('left to Next');
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(origin + pathname, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed static files', () => {
  it('answers Brotli, gzip or plain as the client accepts, always the same file, cached for a year', async () => {
    const br = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SOURCE);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(br.headers.vary).toBe('Accept-Encoding');

    const gz = await get('/_next/static/chunks/app.js?dpl=1', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SOURCE);

    const plain = await get('/_next/static/chunks/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SOURCE);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(SOURCE));
  });

  it('answers HEAD without a body, and leaves unknown files, other methods and other paths to Next', async () => {
    const head = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect((await get('/_next/static/chunks/missing.js')).status).toBe(404);
    expect((await get('/_next/static/chunks/font.woff2')).status).toBe(404);
    expect((await get('/_next/static/chunks/app.js', {}, 'POST')).status).toBe(404);
    expect((await get('/static/chunks/app.js')).status).toBe(404);
  });
});

describe('pickEncoding', () => {
  it('prefers Brotli, honours q=0 and falls back to plain', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('BR')).toBe('br');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('gzip;q=0, identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
