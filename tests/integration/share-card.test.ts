import { and, eq, ne } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import sharp from 'sharp';
import { GET as shareCard } from '@/app/api/v3/seller/materials/[materialId]/share-card/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { acceptActualTerms } from '@/lib/accounts/terms';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { COVER_BOX, SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from '@/lib/selling/share-card';
import { becomeSeller } from '@/lib/selling/seller-materials';
import { getStorage } from '@/lib/storage/storage';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signIn } from './support/session';

/**
 * `GET /api/v3/seller/materials/{id}/share-card`: the image card of a seller's own published
 * material, drawn on request; nobody else's, and nothing unpublished.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
}, 120_000);
afterAll(() => database.stop());

type Handler = (request: NextRequest, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

const card = (id: number | string, cookie?: string) =>
  (shareCard as Handler)(
    apiRequest(`/api/v3/seller/materials/${id}/share-card?world=de`, { headers: cookie ? { cookie } : {} }),
    { params: Promise.resolve({ materialId: String(id) }) },
  );

async function userId(email: string): Promise<number> {
  const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
  return row!.id;
}

/** A published, active material of the author with a cover, or any other of theirs. */
async function activeMaterialOf(authorId: number, notAuthor = false) {
  const [row] = await getDb()
    .select({ id: t.materials.id, title: t.materials.title })
    .from(t.materials)
    .where(
      and(
        notAuthor ? ne(t.materials.authorId, authorId) : eq(t.materials.authorId, authorId),
        eq(t.materials.isActive, true),
        eq(t.materials.status, 'published'),
      ),
    )
    .orderBy(t.materials.id)
    .limit(1);
  return row;
}

describe(`the share card on ${BACKEND}`, () => {
  it('draws the seller’s own published material as a 1200 × 630 PNG, privately cacheable', async () => {
    const sellerId = await userId(DEMO_ACCOUNTS.seller);
    const material = await activeMaterialOf(sellerId);
    expect(material).toBeDefined();
    const cookie = await signIn(DEMO_ACCOUNTS.seller);

    const response = await card(material!.id, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="kreide-${material!.id}.png"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT]);

    // The stored cover is drawn in its box (not the paper-coloured placeholder).
    const [file] = await getDb()
      .select({ path: t.materialFiles.storagePath })
      .from(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, material!.id), eq(t.materialFiles.type, 'cover')));
    expect(file).toBeDefined();
    expect(await getStorage().read(file!.path)).not.toBeNull();
    {
      const { data } = await sharp(bytes)
        .extract({ left: COVER_BOX.left, top: COVER_BOX.top + 40, width: COVER_BOX.width, height: 200 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      let paper = 0;
      for (let i = 0; i < data.length; i += 3)
        if (data[i] === 0xf7 && data[i + 1] === 0xf4 && data[i + 2] === 0xec) paper++;
      expect(paper).toBeLessThan((data.length / 3) * 0.9);
    }
  });

  it('draws a Greek title with its price in the world’s format, and a cover missing from storage', async () => {
    const sellerId = await userId(DEMO_ACCOUNTS.seller);
    const material = await activeMaterialOf(sellerId);
    const db = getDb();
    const [before] = await db.select().from(t.materials).where(eq(t.materials.id, material!.id));
    const [cover] = await db
      .select({ id: t.materialFiles.id, path: t.materialFiles.storagePath })
      .from(t.materialFiles)
      .where(and(eq(t.materialFiles.materialId, material!.id), eq(t.materialFiles.type, 'cover')));
    await db
      .update(t.materials)
      .set({ title: 'Ασκήσεις & „Übungen“ <Γ΄ τάξη>', priceCents: 0 })
      .where(eq(t.materials.id, material!.id));
    await db
      .update(t.materialFiles)
      .set({ storagePath: 'covers/missing-file.webp' })
      .where(eq(t.materialFiles.id, cover!.id));
    try {
      const response = await card(material!.id, await signIn(DEMO_ACCOUNTS.seller));
      expect(response.status).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT]);
    } finally {
      await db
        .update(t.materials)
        .set({ title: before!.title, priceCents: before!.priceCents })
        .where(eq(t.materials.id, material!.id));
      await db.update(t.materialFiles).set({ storagePath: cover!.path }).where(eq(t.materialFiles.id, cover!.id));
    }
  });

  it('answers 404 for another seller’s material, an unpublished one and an unknown id; 403 for a buyer', async () => {
    const sellerId = await userId(DEMO_ACCOUNTS.seller);
    const seller = await signIn(DEMO_ACCOUNTS.seller);
    const others = await activeMaterialOf(sellerId, true);
    expect(others).toBeDefined();
    const foreign = await card(others!.id, seller);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('not_found');

    // A second seller asking for the demo seller's material.
    const email = `share-card-${Date.now()}@example.test`;
    const password = 'correct horse battery staple';
    const { id } = await createAccount({
      email,
      publicName: 'Zweite Verkäuferin',
      world: 'de',
      passwordHash: await hashPassword(password),
      status: 'active',
      creationSource: 'test',
    });
    await acceptActualTerms(id, 'de');
    await becomeSeller(id);
    const own = await activeMaterialOf(sellerId);
    expect((await card(own!.id, await signIn(email, { password }))).status).toBe(404);

    // Unpublished: not shareable, even by its seller.
    const db = getDb();
    await db.update(t.materials).set({ status: 'unpublished', isActive: false }).where(eq(t.materials.id, own!.id));
    try {
      expect((await card(own!.id, seller)).status).toBe(404);
    } finally {
      await db.update(t.materials).set({ status: 'published', isActive: true }).where(eq(t.materials.id, own!.id));
    }
    expect((await card(own!.id, seller)).status).toBe(200);

    expect((await card(2_000_000_000, seller)).status).toBe(404);
    const buyer = await card(own!.id, await signIn(DEMO_ACCOUNTS.buyer));
    expect(buyer.status).toBe(403);
    expect((await card(own!.id)).status).toBe(401);
  });

  it('refuses ids that are not ids without drawing anything', async () => {
    const seller = await signIn(DEMO_ACCOUNTS.seller);
    for (const id of ['0', '-1', 'abc', '2147483648', '1e3', '012']) {
      const response = await card(id, seller);
      // A path parameter that does not fit is a path that does not exist (lib/api/handler.ts).
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });
});
