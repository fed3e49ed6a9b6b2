import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { POST as previewsRoute } from '@/app/api/v3/seller/materials/[materialId]/previews/route';
import { GET as previewImageRoute } from '@/app/api/v3/seller/materials/[materialId]/previews/[position]/route';
import { POST as uploadRoute } from '@/app/api/v3/seller/materials/upload/route';
import { POST as releaseRoute } from '@/app/api/v3/seller/materials/[materialId]/versions/release/route';
import { GET as media } from '@/app/media/[...key]/route';
import { POST as become } from '@/app/api/v3/seller/become/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { acceptActualTerms } from '@/lib/accounts/terms';
import { TAGS } from '@/lib/cache/tags';
import { expiredAt } from '@/lib/cache/tag-store.cjs';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { enqueue } from '@/lib/jobs/enqueue';
import { drainJobs } from '@/lib/jobs/workers';
import { previewSweepJob } from '@/lib/selling/previews';
import { getStorage } from '@/lib/storage/storage';
import { apiRequest, TEST_ORIGIN } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signIn } from './support/session';

/**
 * Preview pages the seller did not choose are reachable by nobody but the seller and admins: not
 * under /media, not by a name derived from a shown page's, not after being hidden again, not as
 * the cover; and stored data of the earlier layout is settled by the sweep.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
}, 120_000);
afterAll(() => database.stop());

type Handler = (request: NextRequest, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

async function newSeller(): Promise<string> {
  const email = `other-seller-${Date.now()}@example.test`;
  const password = 'correct horse battery staple';
  const { id } = await createAccount({
    email,
    publicName: 'Andere Verkäuferin',
    world: 'de',
    passwordHash: await hashPassword(password),
    status: 'active',
    creationSource: 'test',
  });
  await acceptActualTerms(id, 'de');
  const cookie = await signIn(email, { password });
  await become(apiRequest('/api/v3/seller/become?world=de', { method: 'POST', headers: { cookie } }));
  return cookie;
}

async function pdf(pages: number, text: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    document.addPage([595, 842]).drawText(`${text} ${i}`, { x: 50, y: 780, size: 24, font });
  return document.save();
}

async function upload(cookie: string, bytes: Uint8Array, materialId?: number): Promise<number> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], 'seiten.pdf', { type: 'application/pdf' }));
  const query = `world=de${materialId ? `&materialId=${materialId}` : ''}`;
  const response = await uploadRoute(
    new NextRequest(new URL(`/api/v3/seller/materials/upload?${query}`, TEST_ORIGIN), {
      method: 'POST',
      body: form,
      headers: { cookie, origin: TEST_ORIGIN },
    }),
  );
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { id: number }).id;
}

const choose = (cookie: string, materialId: number, pages: number[]) =>
  (previewsRoute as Handler)(
    apiRequest(`/api/v3/seller/materials/${materialId}/previews?world=de`, {
      method: 'POST',
      headers: { cookie },
      body: { pages },
    }),
    { params: Promise.resolve({ materialId: String(materialId) }) },
  );

/** GET /media/{key} as anyone would ask for it (the route knows no session). */
const mediaStatus = async (key: string) =>
  (await media(new Request(`${TEST_ORIGIN}/media/${key}`), { params: Promise.resolve({ key: key.split('/') }) }))
    .status;

/** The seller-only image route as `cookie` (none: anonymous). */
const privateImage = (cookie: string | null, materialId: number, position: number) =>
  (previewImageRoute as Handler)(
    apiRequest(`/api/v3/seller/materials/${materialId}/previews/${position}?world=de`, {
      headers: cookie ? { cookie } : {},
    }),
    { params: Promise.resolve({ materialId: String(materialId), position: String(position) }) },
  );

async function rowsOf(materialId: number) {
  return getDb()
    .select()
    .from(t.materialPreviews)
    .where(eq(t.materialPreviews.materialId, materialId))
    .orderBy(t.materialPreviews.position);
}

async function coverOf(materialId: number) {
  const [cover] = await getDb()
    .select()
    .from(t.materialFiles)
    .where(and(eq(t.materialFiles.materialId, materialId), eq(t.materialFiles.type, 'cover')));
  return cover!;
}

/**
 * Every key that could name a page of this material under /media: each row's stored image, its
 * public copy, the cover's, and the names a shown page's name would lead to with another page
 * number (the earlier layout's `<stamp>-<page>.webp`).
 */
async function candidateKeys(materialId: number, pageCount: number): Promise<string[]> {
  const rows = await rowsOf(materialId);
  const keys = rows.flatMap((row) => [row.storagePath, row.publicPath ?? '']).filter(Boolean);
  for (const key of [...keys]) {
    const stamped = /^(previews\/\d+\/[0-9a-f]+-)\d+\.webp$/.exec(key);
    if (stamped) for (let page = 1; page <= pageCount; page++) keys.push(`${stamped[1]}${page}.webp`);
  }
  return [...new Set(keys)];
}

/** The bytes anyone gets for the public keys of a material (a stand-in for what /media gives away). */
async function publicBytes(keys: string[]): Promise<Buffer[]> {
  const served: Buffer[] = [];
  for (const key of keys) if ((await mediaStatus(key)) === 200) served.push((await getStorage().read(key))!);
  return served;
}

describe(`preview pages the seller did not choose, on ${BACKEND}`, () => {
  let seller: string;
  let buyer: string;
  let admin: string;
  let otherSeller: string;
  beforeAll(async () => {
    [seller, buyer, admin] = await Promise.all([
      signIn(DEMO_ACCOUNTS.seller),
      signIn(DEMO_ACCOUNTS.buyer),
      signIn(DEMO_ACCOUNTS.admin),
    ]);
    otherSeller = await newSeller();
  });

  it('serves a hidden page to nobody under /media, to its seller and admins only through the seller route', async () => {
    const id = await upload(seller, await pdf(4, 'Verborgen'));
    await drainJobs();
    const rendered = await rowsOf(id);
    const pageBytes = new Map<number, Buffer>();
    for (const row of rendered) pageBytes.set(row.position, (await getStorage().read(row.storagePath))!);
    const shownBefore = rendered.find((row) => row.page === 3)!.publicPath;

    expect((await choose(seller, id, [2])).status).toBe(200);
    const rows = await rowsOf(id);
    expect(rows.filter((row) => row.shown).map((row) => row.page)).toEqual([2]);

    // No key of this material that /media serves holds a hidden page or the cover from page 1.
    const served = await publicBytes(await candidateKeys(id, 4));
    const hidden = [0, 1, 3, 4].map((position) => pageBytes.get(position)!);
    for (const bytes of served) for (const secret of hidden) expect(bytes.equals(secret)).toBe(false);
    expect(served.some((bytes) => bytes.equals(pageBytes.get(2)!))).toBe(true);
    // The name page 3 had while shown is gone for good.
    expect(shownBefore).not.toBeNull();
    expect(await mediaStatus(shownBefore!)).toBe(404);
    // The rendered images lie outside the public folders; the shown page's name is random.
    for (const row of rows) expect(await mediaStatus(row.storagePath)).toBe(404);
    const shown = rows.find((row) => row.page === 2)!;
    expect(shown.publicPath).toMatch(new RegExp(`^previews/${id}/[0-9a-f]{32}\\.webp$`));

    // The cover is made from the first shown page, not from page 1.
    const cover = await coverOf(id);
    expect(await mediaStatus(cover.storagePath)).toBe(200);
    expect(cover.name).toBe('cover-page-2.webp');

    // Through the seller route: the seller and an admin see every page; nobody else sees any.
    for (const position of [0, 1, 2, 3, 4]) {
      for (const cookie of [seller, admin]) {
        const answer = await privateImage(cookie, id, position);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        expect(Buffer.from(await answer.arrayBuffer()).equals(pageBytes.get(position)!)).toBe(true);
      }
      for (const cookie of [otherSeller, buyer, null])
        expect((await privateImage(cookie, id, position)).status).toBe(404);
    }
    expect((await privateImage(seller, id, 9)).status).toBe(404);
  });

  it('publishes a page shown again under a new name, drops the cached pages, and the old names stay dead', async () => {
    const id = await upload(seller, await pdf(3, 'Wieder'));
    await drainJobs();
    const first = (await rowsOf(id)).find((row) => row.page === 1)!.publicPath!;
    const firstCover = (await coverOf(id)).storagePath;
    expect((await choose(seller, id, [3])).status).toBe(200);
    expect(await mediaStatus(first)).toBe(404);
    expect(await mediaStatus(firstCover)).toBe(404);

    // Published: pages that showed it may be cached anywhere.
    await getDb()
      .update(t.materials)
      .set({ status: 'published', isActive: true, publishedAt: new Date(), priceSet: true })
      .where(eq(t.materials.id, id));
    const before = expiredAt(TAGS.material(id)) ?? 0;
    expect((await choose(seller, id, [1, 3])).status).toBe(200);
    expect(expiredAt(TAGS.material(id)) ?? 0).toBeGreaterThan(before);
    const rows = await rowsOf(id);
    const again = rows.find((row) => row.page === 1)!.publicPath!;
    expect(again).not.toBe(first);
    expect(await mediaStatus(again)).toBe(200);
    expect(await mediaStatus(first)).toBe(404);
    // Page 1 is shown again: the cover rendered from it is public again, under a new name too.
    expect(rows.find((row) => row.position === 0)!.publicPath).not.toBeNull();
    const cover = await coverOf(id);
    expect(cover.name).toBe('cover.webp');
    expect(cover.storagePath).not.toBe(firstCover);
    const names = rows.map((row) => row.publicPath).filter((key): key is string => key !== null);
    expect(new Set(names.map((key) => key.replace(/^previews\/\d+\//, '').slice(0, 8))).size).toBe(names.length);
  });

  it('keeps the seller’s choice for the pages of a new version', async () => {
    const id = await upload(seller, await pdf(2, 'Erste'));
    await drainJobs();
    expect((await choose(seller, id, [2])).status).toBe(200);
    await getDb()
      .update(t.materials)
      .set({ status: 'published', isActive: true, publishedAt: new Date(), priceSet: true })
      .where(eq(t.materials.id, id));
    await getDb()
      .update(t.materialFileVersions)
      .set({ publishedAt: new Date() })
      .where(eq(t.materialFileVersions.materialId, id));
    await upload(seller, await pdf(4, 'Zweite'), id);
    const released = await (releaseRoute as Handler)(
      apiRequest(`/api/v3/seller/materials/${id}/versions/release?world=de`, {
        method: 'POST',
        headers: { cookie: seller },
        body: { changeNote: '' },
      }),
      { params: Promise.resolve({ materialId: String(id) }) },
    );
    expect(released.status).toBe(200);
    await drainJobs();
    const rows = await rowsOf(id);
    expect(rows.filter((row) => row.page !== null)).toHaveLength(4);
    expect(rows.filter((row) => row.publicPath !== null).map((row) => row.page)).toEqual([2]);
    const secrets = await Promise.all(
      rows.filter((row) => row.page !== 2).map(async (row) => (await getStorage().read(row.storagePath))!),
    );
    for (const bytes of await publicBytes(await candidateKeys(id, 4)))
      for (const secret of secrets) expect(bytes.equals(secret)).toBe(false);
  });

  it('moves previews stored in the earlier layout out of reach, keeping what was shown public under new names', async () => {
    const id = await upload(seller, await pdf(3, 'Alt'));
    await drainJobs();
    // The earlier layout: every page public under one stamp, the cover and its card from page 1.
    const storage = getStorage();
    const stamp = 'a1b2c3d4e5f6';
    const legacy = new Map<number, { key: string; bytes: Buffer }>();
    for (const row of await rowsOf(id)) {
      const bytes = (await storage.read(row.storagePath))!;
      const key = row.page === null ? `covers/${id}-${stamp}.webp` : `previews/${id}/${stamp}-${row.page}.webp`;
      await storage.put(key, bytes);
      legacy.set(row.position, { key, bytes });
      // As the migration left it: shown pages public where they are.
      await getDb()
        .update(t.materialPreviews)
        .set({ storagePath: key, shown: row.page !== 3, publicPath: row.page !== 3 ? key : null })
        .where(eq(t.materialPreviews.id, row.id));
    }
    const cardKey = `covers/${id}-${stamp}-card.webp`;
    await storage.put(cardKey, (await storage.read((await coverOf(id)).storagePath))!);
    await getDb()
      .update(t.materialFiles)
      .set({ storagePath: cardKey, name: 'cover.webp' })
      .where(and(eq(t.materialFiles.materialId, id), eq(t.materialFiles.type, 'cover')));
    expect(await mediaStatus(legacy.get(3)!.key)).toBe(200);

    await enqueue(previewSweepJob, {});
    await drainJobs();

    for (const { key } of legacy.values()) expect(await mediaStatus(key)).toBe(404);
    expect(await mediaStatus(cardKey)).toBe(404);
    const rows = await rowsOf(id);
    for (const row of rows) {
      expect(row.storagePath.startsWith(`preview-pages/${id}/`)).toBe(true);
      expect(row.publicPath === null).toBe(row.page === 3);
      if (row.publicPath) expect(row.publicPath).toMatch(new RegExp(`^previews/${id}/[0-9a-f]{32}\\.webp$`));
    }
    const hiddenBytes = legacy.get(3)!.bytes;
    for (const bytes of await publicBytes(await candidateKeys(id, 3))) expect(bytes.equals(hiddenBytes)).toBe(false);
    // The seller still sees page 3.
    expect((await privateImage(seller, id, 3)).status).toBe(200);
    // A second sweep finds nothing left to do.
    expect(
      await getDb()
        .select({ id: t.materialPreviews.id })
        .from(t.materialPreviews)
        .where(eq(t.materialPreviews.storagePath, legacy.get(1)!.key)),
    ).toEqual([]);
  });
});
