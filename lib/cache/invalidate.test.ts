import { getPageStore } from '@/lib/http/page-store';
import { processWide } from '@/lib/process-wide.cjs';
import { pathFor } from '@/lib/routing/localized-routes';
import { nextCacheStub } from '@/tests/support/next-cache';
import { authorFootprintTags, authorListTags, materialFootprintTags } from './footprint';
import { invalidateAuthor, invalidateDeletedAccount, invalidateMaterial, invalidateWorld } from './invalidate';
import { expiredAt, isExpired, resetTagStore } from './tag-store.cjs';
import { TAGS } from './tags';

jest.mock('./footprint', () => ({
  authorFootprintTags: jest.fn(),
  authorListTags: jest.fn(),
  materialFootprintTags: jest.fn(),
}));
const authorFootprint = jest.mocked(authorFootprintTags);
const authorLists = jest.mocked(authorListTags);
const materialFootprint = jest.mocked(materialFootprintTags);

// Where a started listener is kept: here a stand-in that records what is sent.
const started = processWide('cache-listener', (): { listener?: unknown } => ({}));
const published: string[][] = [];

/** A public page filed under the tags its render read. */
const page = (...tags: string[]) => ({
  status: 200,
  headers: {},
  page: { template: { segments: [Buffer.from('<html></html>')] }, gzip: null },
  ttlMs: 300_000,
  tags,
});
const key = (path: string) => `localhost:3000|${path}|gzip`;

beforeEach(() => {
  resetTagStore();
  getPageStore().purgeAll();
  nextCacheStub.reset();
  published.length = 0;
  started.listener = { publish: async (tags: string[]) => void published.push([...tags]) };
  authorFootprint.mockResolvedValue([TAGS.material(1), TAGS.material(2), TAGS.world('de'), TAGS.landings]);
  materialFootprint.mockResolvedValue([TAGS.author(7), TAGS.world('de'), TAGS.landings]);
  authorLists.mockResolvedValue([TAGS.popularAuthors('de')]);
});
afterAll(() => {
  started.listener = undefined;
});

describe('invalidateAuthor', () => {
  it("expires the author's own tags here at once, and sends them to the other processes", async () => {
    const authorPage = key(pathFor('de', 'author', { id: '7', slug: 'frau-demo' }));
    getPageStore().set('public', authorPage, page(TAGS.author(7), TAGS.followList(7)));
    const before = Date.now() - 1;
    const done = invalidateAuthor(7);
    // Before the promise is awaited: the route answers right after calling it.
    expect(isExpired([TAGS.author(7)], before)).toBe(true);
    expect(getPageStore().get('public', authorPage)).toBeUndefined();
    await done;
    // Then the popular-authors shelf of their world (follower counts, privacy), nothing more.
    expect(published).toEqual([[TAGS.author(7), TAGS.followList(7)], [TAGS.popularAuthors('de')]]);
    expect(nextCacheStub.revalidatedTags).toEqual([TAGS.author(7), TAGS.followList(7), TAGS.popularAuthors('de')]);
    expect(authorFootprint).not.toHaveBeenCalled();
    expect(expiredAt(TAGS.world('de'))).toBeUndefined();
  });

  it('with a new name or picture, also expires where the author appears', async () => {
    const materialPage = key(pathFor('it', 'material', { id: '2', slug: 'x' }));
    const otherMaterial = key(pathFor('it', 'material', { id: '3', slug: 'y' }));
    getPageStore().set('public', materialPage, page(TAGS.material(2)));
    getPageStore().set('public', otherMaterial, page(TAGS.material(3)));
    await invalidateAuthor(7, { catalogue: true });
    expect(authorFootprint).toHaveBeenCalledWith(7);
    for (const tag of [TAGS.material(1), TAGS.material(2), TAGS.world('de'), TAGS.landings])
      expect(expiredAt(tag)).toBeDefined();
    expect(expiredAt(TAGS.material(3))).toBeUndefined();
    expect(getPageStore().get('public', materialPage)).toBeUndefined();
    expect(getPageStore().get('public', otherMaterial)).toBeDefined();
    expect(published.flat()).toEqual(expect.arrayContaining([TAGS.author(7), TAGS.material(1), TAGS.world('de')]));
  });

  it("does not depend on Next's revalidateTag, which throws outside a request (a NOTIFY, a job)", async () => {
    nextCacheStub.outsideRequest = true;
    const before = Date.now() - 1;
    await expect(invalidateAuthor(7, { catalogue: true })).resolves.toBeUndefined();
    expect(isExpired([TAGS.author(7)], before)).toBe(true);
    expect(isExpired([TAGS.material(1)], before)).toBe(true);
  });

  it('expires everything when where the author appears cannot be read', async () => {
    authorFootprint.mockRejectedValue(new Error('connection lost'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    getPageStore().set('public', key('/de'), page(TAGS.world('de')));
    const before = Date.now() - 1;
    await invalidateAuthor(7, { catalogue: true });
    expect(isExpired(['world:jp'], before)).toBe(true);
    expect(getPageStore().size()).toBe(0);
    expect(published.flat()).toContain(TAGS.all);
  });
});

describe('invalidateMaterial, invalidateWorld, invalidateDeletedAccount', () => {
  it("expire a material with its author's and world's lists", async () => {
    await invalidateMaterial(5);
    expect(materialFootprint).toHaveBeenCalledWith(5);
    for (const tag of [TAGS.material(5), TAGS.author(7), TAGS.world('de'), TAGS.landings])
      expect(expiredAt(tag)).toBeDefined();
  });

  it("expire a world's lists, and no other world's", async () => {
    getPageStore().set('public', key('/de'), page(TAGS.world('de')));
    getPageStore().set('public', key('/it'), page(TAGS.world('it')));
    await invalidateWorld('de');
    expect(expiredAt(TAGS.world('de'))).toBeDefined();
    expect(expiredAt(TAGS.world('it'))).toBeUndefined();
    expect(getPageStore().get('public', key('/de'))).toBeUndefined();
    expect(getPageStore().get('public', key('/it'))).toBeDefined();
  });

  it("expire a deleted account's appearances, and every follow list and storefront lookup", async () => {
    await invalidateDeletedAccount(7);
    for (const tag of [TAGS.author(7), TAGS.followLists, TAGS.storefronts, TAGS.material(1)])
      expect(expiredAt(tag)).toBeDefined();
  });
});

describe('without a listener (the embedded database)', () => {
  it('invalidates in this process only', async () => {
    started.listener = undefined;
    const before = Date.now() - 1;
    await invalidateWorld('fr');
    expect(isExpired([TAGS.world('fr')], before)).toBe(true);
    expect(published).toEqual([]);
  });
});
