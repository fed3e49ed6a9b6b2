import { HtmlCache, htmlCacheKey } from './html-cache';
import type { IncomingMessage } from 'node:http';

const entry = (bytes: number) => ({ status: 200, headers: {}, body: Buffer.alloc(bytes), ttlMs: 1000 });
const req = (headers: Record<string, string>, method = 'GET', url = '/de') => ({ method, url, headers: { host: 'localhost', ...headers } }) as unknown as IncomingMessage;

describe('HtmlCache', () => {
  it('expires entries after their time', () => {
    let now = 0;
    const cache = new HtmlCache(10, 1000, () => now);
    cache.set('a', entry(10));
    now = 999;
    expect(cache.get('a')).toBeDefined();
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry when full, by count and by bytes', () => {
    const cache = new HtmlCache(2, 100);
    cache.set('a', entry(10));
    cache.set('b', entry(10));
    cache.get('a');
    cache.set('c', entry(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.set('big', entry(95));
    expect(cache.size).toBe(1);
  });

  it('purges by key fragment', () => {
    const cache = new HtmlCache();
    cache.set('h|/de/material/1/x|gzip', entry(1));
    cache.set('h|/it/materiale/2/y|gzip', entry(1));
    expect(cache.purge('/de/')).toBe(1);
    expect(cache.size).toBe(1);
  });
});

describe('htmlCacheKey', () => {
  it('keys plain page loads by host, URL and encoding', () => {
    expect(htmlCacheKey(req({ 'accept-encoding': 'gzip, br' }))).toBe('localhost|/de|gzip');
    expect(htmlCacheKey(req({}))).toBe('localhost|/de|identity');
  });

  it('never caches client-router requests, posts or signed-in visitors', () => {
    expect(htmlCacheKey(req({ rsc: '1' }))).toBeNull();
    expect(htmlCacheKey(req({}, 'POST'))).toBeNull();
    expect(htmlCacheKey(req({ cookie: 'a=b; kreide_session=xyz' }))).toBeNull();
    expect(htmlCacheKey(req({ authorization: 'Bearer x' }))).toBeNull();
  });
});
