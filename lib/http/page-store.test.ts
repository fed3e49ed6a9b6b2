import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TAGS } from '@/lib/cache/tags';
import { pathFor } from '@/lib/routing/localized-routes';
import {
  PageStore,
  pageBytes,
  preparePage,
  privatePageKey,
  publicPageKey,
  renderCachedPage,
  serveCached,
  UNTAGGED_PAGE,
} from './page-store';
import { privatePageTags } from './private-pages';
import { DEFER_LOADER } from './defer-scripts';
import { REMEMBER_WORLD_SCRIPT } from '@/lib/worlds/remember-world-script';

const entry = (bytes: number, tags: string[] = []) => ({
  status: 200,
  headers: {},
  page: { template: { segments: [Buffer.alloc(bytes)] }, gzip: null },
  ttlMs: 1000,
  tags,
});
const small = { maxEntries: 2, maxBytes: 100 };
const large = { maxEntries: 100, maxBytes: 1_000_000 };
const req = (headers: Record<string, string>, method = 'GET', url = '/de') =>
  ({ method, url, headers: { host: 'localhost', ...headers } }) as unknown as IncomingMessage;

const PAGE = [
  '<!DOCTYPE html><html lang="de-DE" data-world="de"><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>',
  '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/poly.js" noModule=""></script></head>',
  `<body><script>${REMEMBER_WORLD_SCRIPT}</script><h1>Brüche</h1><script type="application/ld+json">{"@type":"Product"}</script>`,
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"a"])</script><script>self.__next_f.push([1,"b"])</script>',
  '</body></html>',
].join('');

describe('PageStore', () => {
  it('expires pages after their time', () => {
    let now = 0;
    const store = new PageStore({ public: large, private: large }, () => now);
    store.set('public', 'a', entry(10));
    now = 999;
    expect(store.get('public', 'a')).toBeDefined();
    now = 1001;
    expect(store.get('public', 'a')).toBeUndefined();
  });

  it('evicts the least recently used page of a partition when full, by count and by bytes', () => {
    const store = new PageStore({ public: small, private: large });
    store.set('public', 'a', entry(10));
    store.set('public', 'b', entry(10));
    store.get('public', 'a');
    store.set('public', 'c', entry(10));
    expect(store.get('public', 'b')).toBeUndefined();
    expect(store.get('public', 'a')).toBeDefined();
    store.set('public', 'big', entry(95));
    expect(store.size('public')).toBe(1);
  });

  it('keeps the partitions apart: one filling up pushes none of the other out', () => {
    const store = new PageStore({ public: small, private: small });
    store.set('public', 'p', entry(10));
    for (const key of ['x', 'y', 'z']) store.set('private', key, entry(10));
    expect(store.get('public', 'p')).toBeDefined();
    expect(store.size('private')).toBe(2);
    // The same key in the other partition is another page.
    expect(store.get('private', 'p')).toBeUndefined();
  });

  it('purges by tag only the pages filed under it, and forgets the tags of pages that left', () => {
    const store = new PageStore({ public: small, private: large });
    store.set('public', 'one', entry(1, [TAGS.material(1)]));
    store.set('public', 'two', entry(1, [TAGS.material(2)]));
    expect(store.purge([TAGS.material(1)])).toBe(1);
    expect(store.get('public', 'two')).toBeDefined();
    // 'two' is pushed out by two newer pages: a purge of its tag then finds nothing.
    store.set('public', 'three', entry(1));
    store.set('public', 'four', entry(1));
    expect(store.purge([TAGS.material(2)])).toBe(0);
    expect(store.size('public')).toBe(2);
  });

  it('drops private pages by their account and seller tags only, and public pages by data tags only', () => {
    const store = new PageStore();
    store.set('private', 'seven', entry(1, privatePageTags(7)));
    store.set('private', 'eight', entry(1, privatePageTags(8)));
    store.set('public', 'page', entry(1, [TAGS.author(7)]));
    store.purge([TAGS.seller(7)]);
    expect(store.get('private', 'seven')).toBeUndefined();
    expect(store.get('private', 'eight')).toBeDefined();
    expect(store.get('public', 'page')).toBeDefined();
    store.purge([TAGS.author(8)]);
    expect(store.get('private', 'eight')).toBeDefined();
    store.purge([TAGS.accountPages(8)]);
    expect(store.get('private', 'eight')).toBeUndefined();
  });

  it('drops an untagged public page on any purge of public data, and on none of private tags', () => {
    const store = new PageStore();
    store.set('public', 'page', entry(1, [UNTAGGED_PAGE]));
    store.purge([TAGS.seller(7), TAGS.accountPages(7)]);
    expect(store.get('public', 'page')).toBeDefined();
    store.purge([TAGS.world('it')]);
    expect(store.get('public', 'page')).toBeUndefined();
  });

  it('drops everything at once', () => {
    const store = new PageStore();
    store.set('public', 'a', entry(1, [TAGS.world('de')]));
    store.set('private', 'b', entry(1, privatePageTags(1)));
    store.purgeAll();
    expect(store.size()).toBe(0);
  });

  it('does not store a page whose capture began before a purge that names one of its tags', () => {
    let now = 1000;
    const store = new PageStore(undefined, () => now);
    const begun = store.timestamp();
    now = 1005;
    store.purge([TAGS.material(1)]);
    now = 1010;
    // Rendered (or served by Next) from the data before the change: refused.
    expect(store.set('public', 'material-1', entry(1, [TAGS.material(1), TAGS.world('de')]), begun)).toBe(false);
    expect(store.get('public', 'material-1')).toBeUndefined();
    // Another page captured over the same time is not concerned.
    expect(store.set('public', 'material-2', entry(1, [TAGS.material(2)]), begun)).toBe(true);
    // Nor is a private page; an untagged public page is.
    expect(store.set('private', 'cabinet', entry(1, privatePageTags(1)), begun)).toBe(true);
    expect(store.set('public', 'untagged', entry(1, [UNTAGGED_PAGE]), begun)).toBe(false);
    // A capture that began after the purge is stored.
    expect(store.set('public', 'material-1', entry(1, [TAGS.material(1)]), store.timestamp())).toBe(true);
    // After everything was purged no earlier capture is stored; past the memory none at all.
    store.purgeAll();
    expect(store.set('public', 'material-2', entry(1, [TAGS.material(2)]), begun)).toBe(false);
    const late = store.timestamp() + 1;
    now += 61_000;
    expect(store.set('public', 'material-2', entry(1, [TAGS.material(2)]), late)).toBe(false);
  });
});

describe('page keys', () => {
  it('keys plain page loads by host, URL and encoding', () => {
    expect(publicPageKey(req({ 'accept-encoding': 'gzip, br' }))).toBe('localhost|/de|gzip');
    expect(publicPageKey(req({}))).toBe('localhost|/de|identity');
  });

  it('never stores client-router requests, posts or signed-in visitors as public pages', () => {
    expect(publicPageKey(req({ rsc: '1' }))).toBeNull();
    expect(publicPageKey(req({}, 'POST'))).toBeNull();
    expect(publicPageKey(req({ cookie: 'a=b; kreide_session=xyz' }))).toBeNull();
    expect(publicPageKey(req({ authorization: 'Bearer x' }))).toBeNull();
  });

  it('keys private pages by account, address and every cookie', () => {
    const key = privatePageKey(req({ cookie: 'kreide_session=a', 'accept-encoding': 'gzip' }), 7);
    expect(key.startsWith('7|localhost|/de|gzip|')).toBe(true);
    expect(privatePageKey(req({ cookie: 'kreide_session=b', 'accept-encoding': 'gzip' }), 7)).not.toBe(key);
  });
});

// What a purge drops, with pages filed under the tags their renders read (the data each page's
// reads carry, lib/cache/cached.ts): one material's pages in every world, an author's pages, a
// world's lists.
describe('purging public pages by the tags their renders read', () => {
  const key = (path: string, encoding = 'gzip') => `localhost:3000|${path}|${encoding}`;
  const PAGES: Record<string, { key: string; tags: string[] }> = {
    material1de: { key: key(pathFor('de', 'material', { id: '1', slug: 'brueche' })), tags: [TAGS.material(1)] },
    material1it: {
      key: key(pathFor('it', 'material', { id: '1', slug: 'frazioni' }), 'identity'),
      tags: [TAGS.material(1)],
    },
    material2de: { key: key(pathFor('de', 'material', { id: '2', slug: 'x' })), tags: [TAGS.material(2)] },
    author7de: {
      key: key(pathFor('de', 'author', { id: '7', slug: 'frau-demo' })),
      tags: [TAGS.author(7), TAGS.followList(7), TAGS.followLists],
    },
    author70de: { key: key(pathFor('de', 'author', { id: '70', slug: 'someone' })), tags: [TAGS.author(70)] },
    profile7de: { key: key(pathFor('de', 'user-profile', { id: '7' })), tags: [TAGS.author(7)] },
    homeDe: { key: key('/de'), tags: [TAGS.world('de'), TAGS.popularAuthors('de')] },
    searchDe: { key: key(`${pathFor('de', 'search')}?q=brueche`), tags: [TAGS.world('de')] },
    homeIt: { key: key('/it'), tags: [TAGS.world('it'), TAGS.popularAuthors('it')] },
    keywordDe: {
      key: key(pathFor('de', 'keyword-landing', { id: '4', slug: ['brueche'] })),
      tags: [TAGS.landings, TAGS.world('de')],
    },
  };
  const filled = () => {
    const store = new PageStore();
    for (const { key, tags } of Object.values(PAGES)) store.set('public', key, entry(1, tags));
    return store;
  };
  const left = (store: PageStore) =>
    Object.keys(PAGES).filter((name) => store.get('public', PAGES[name]!.key) !== undefined);

  it("leaves every public page alone for a seller's figures or an account's kept pages", () => {
    const store = filled();
    store.purge([TAGS.seller(7), TAGS.accountPages(7)]);
    expect(left(store)).toEqual(Object.keys(PAGES));
  });

  it("drops one material's pages in every world, and nothing else", () => {
    const store = filled();
    store.purge([TAGS.material(1)]);
    expect(left(store)).toEqual(Object.keys(PAGES).filter((name) => !name.startsWith('material1')));
  });

  it("drops one author's author and member pages, not a similar id", () => {
    const store = filled();
    store.purge([TAGS.author(7)]);
    expect(left(store)).not.toContain('author7de');
    expect(left(store)).not.toContain('profile7de');
    expect(left(store)).toContain('author70de');
    expect(left(store)).toContain('material1de');
  });

  it("drops a world's list pages and its landings; the popular-authors shelf only its home page", () => {
    const store = filled();
    store.purge([TAGS.popularAuthors('de')]);
    expect(left(store)).not.toContain('homeDe');
    expect(left(store)).toContain('searchDe');
    store.purge([TAGS.world('de')]);
    expect(left(store)).not.toContain('searchDe');
    expect(left(store)).not.toContain('keywordDe');
    expect(left(store)).toContain('homeIt');
    expect(left(store)).toContain('material1de');
  });
});

describe('cached pages and their nonces', () => {
  const NONCE = 'AbCdEfGhIjKlMnOpQrStUv';

  it('defers the framework, makes the payload inert data and leaves one place per executable script', () => {
    const html = renderCachedPage(preparePage(Buffer.from(PAGE), false), NONCE).body.toString('utf8');
    // The deferral loader and the nomodule fallback carry the nonce; the payload is data the
    // loader pushes, in order, when it starts the runtime.
    expect(html.match(/nonce="/g)).toHaveLength(2);
    expect(html).toContain('<script type="application/json" data-kreide-flight="">[[0],[1,"a"],[1,"b"]]</script>');
    expect(html).not.toContain('self.__next_f.push(');
    expect(html).toContain(`<script nonce="${NONCE}">${DEFER_LOADER.slice('<script>'.length)}`);
    expect(html).toContain(`<script nonce="${NONCE}" src="/_next/static/chunks/poly.js" noModule=""></script>`);
    // Data blocks and the hash-allowed remember-world script stay as they are.
    expect(html).toContain('<script type="text/plain" data-kreide-src="/_next/static/chunks/a.js"></script>');
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain(`<script>${REMEMBER_WORLD_SCRIPT}</script>`);
  });

  it('serves gzip keys compressed, with the nonce spliced in and a valid checksum', () => {
    const page = preparePage(Buffer.from(PAGE), true);
    const plain = renderCachedPage(preparePage(Buffer.from(PAGE), false), NONCE).body;
    const { body, encoding } = renderCachedPage(page, NONCE);
    expect(encoding).toBe('gzip');
    expect(zlib.gunzipSync(body).equals(plain)).toBe(true);
    expect(pageBytes(page)).toBeGreaterThan(plain.length);
  });

  it('answers a hit with its own nonce, policy and length each time', () => {
    const store = new PageStore();
    store.set('public', 'localhost|/de|identity', {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', etag: undefined },
      page: preparePage(Buffer.from(PAGE), false),
      ttlMs: 60_000,
      tags: [TAGS.world('de')],
    });
    const answers: { head: Record<string, string>; body: string }[] = [];
    let n = 0;
    for (let i = 0; i < 2; i++) {
      const answer = { head: {} as Record<string, string>, body: '' };
      const res = {
        writeHead: (_status: number, head: Record<string, string>) => (answer.head = head),
        end: (body?: Buffer) => (answer.body = body?.toString('utf8') ?? ''),
      } as unknown as ServerResponse;
      const nonce = `nonce${++n}`.padEnd(22, 'x');
      expect(
        serveCached(
          req({}),
          res,
          'public',
          'localhost|/de|identity',
          () => ({ nonce, policy: `script-src 'nonce-${nonce}'` }),
          store,
        ),
      ).toBe(true);
      expect(answer.head['content-security-policy']).toBe(`script-src 'nonce-${nonce}'`);
      expect(answer.head['x-kreide-cache']).toBe('HIT');
      expect(Number(answer.head['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(answer.body.match(/nonce="([^"]+)"/g)?.every((m) => m === `nonce="${nonce}"`)).toBe(true);
      answers.push(answer);
    }
    expect(answers[0]!.body).not.toBe(answers[1]!.body);
  });
});
