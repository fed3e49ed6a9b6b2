import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { POST as linkRoute } from '@/app/api/v3/downloads/[materialId]/route';
import { GET as fileRoute } from '@/app/api/v3/downloads/file/route';
import { GET as listRoute } from '@/app/api/v3/seller/materials/route';
import { POST as uploadRoute } from '@/app/api/v3/seller/materials/upload/route';
import { addToCart } from '@/lib/commerce/cart';
import { checkout } from '@/lib/commerce/checkout';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { findActiveContent } from '@/lib/downloads/active-content';
import { getStorage } from '@/lib/storage/storage';
import { paidMaterials } from './support/catalogue';
import { apiRequest, TEST_ORIGIN } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signInSession } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
}, 120_000);
afterAll(() => database.stop());

const PAYLOAD = 'kreide-active-payload';

/**
 * A two-page worksheet that opens with a script, carries an attached program, and has a link
 * that launches one: what a seller's file must not bring to buyers.
 */
async function activePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]);
  document.addPage([595, 842]);
  const { context } = document;
  document.catalog.set(
    PDFName.of('OpenAction'),
    context.register(context.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert("${PAYLOAD}")`) })),
  );
  const file = context.register(context.stream(PAYLOAD, { Type: 'EmbeddedFile' }));
  document.catalog.set(
    PDFName.of('Names'),
    context.obj({ EmbeddedFiles: { Names: [PDFString.of('setup.exe'), { Type: 'Filespec', EF: { F: file } }] } }),
  );
  const link = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, 50, 50],
      A: { S: 'Launch', F: PDFString.of('cmd.exe') },
    }),
  );
  document.getPage(0).node.set(PDFName.of('Annots'), context.obj([link]));
  return document.save({ useObjectStreams: true });
}

function upload(cookie: string, bytes: Uint8Array, world: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], 'Arbeitsblatt.pdf', { type: 'application/pdf' }));
  return uploadRoute(
    new NextRequest(new URL(`/api/v3/seller/materials/upload?world=${world}`, TEST_ORIGIN), {
      method: 'POST',
      body: form,
      headers: { cookie, origin: TEST_ORIGIN },
    }),
  );
}

async function download(materialId: number, cookie: string): Promise<Uint8Array> {
  const link = await linkRoute(
    apiRequest(`/api/v3/downloads/${materialId}?world=de`, { method: 'POST', headers: { cookie } }),
    { params: Promise.resolve({ materialId: String(materialId) }) },
  );
  expect(link.status).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const response = await fileRoute(apiRequest(url));
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function expectClean(bytes: Uint8Array, pages: number) {
  const document = await PDFDocument.load(bytes);
  expect(findActiveContent(document)).toEqual([]);
  expect(document.getPageCount()).toBe(pages);
  // Nothing of the script or the attached file is left, not even unreferenced.
  const saved = Buffer.from(await document.save({ useObjectStreams: false }));
  expect(saved.includes(PAYLOAD)).toBe(false);
}

describe(`active content in PDFs on ${BACKEND}`, () => {
  it('refuses an upload with active content, names what was found in the seller’s language, and stores nothing', async () => {
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    const list = async () =>
      (
        (await (
          await listRoute(apiRequest('/api/v3/seller/materials?world=de', { headers: { cookie: seller.cookie } }))
        ).json()) as { total: number }
      ).total;
    const before = await list();
    const bytes = await activePdf();
    const expected = {
      de: 'Skripte (JavaScript), Aktionen, die Programme starten oder andere Dateien öffnen, eingebettete Dateien und Aktionen, die von selbst ablaufen',
      gr: 'σενάρια (JavaScript), ενέργειες που εκκινούν προγράμματα ή ανοίγουν άλλα αρχεία, ενσωματωμένα αρχεία και ενέργειες που εκτελούνται από μόνες τους',
      fr: 'des scripts (JavaScript), des actions qui lancent des programmes ou ouvrent d’autres fichiers, des fichiers intégrés et des actions qui s’exécutent d’elles-mêmes',
    };
    for (const [world, kinds] of Object.entries(expected)) {
      const refused = await upload(seller.cookie, bytes, world);
      expect(refused.status).toBe(415);
      const body = (await refused.json()) as {
        error: { code: string; message: string; details: { reason: string; kinds: string[] } };
      };
      expect(body.error.code).toBe('unsupported_media_type');
      expect(body.error.details).toEqual({
        reason: 'pdf_active_content',
        kinds: ['javascript', 'launch', 'embedded_files', 'auto_actions'],
      });
      expect(body.error.message).toContain(kinds);
      expect(body.error.message).not.toMatch(/\{kinds\}/);
    }
    expect(await list()).toBe(before);
  });

  it('gives a buyer a clean copy of a file stored with active content, also where an older copy was stamped', async () => {
    const buyer = await signInSession(DEMO_ACCOUNTS.buyer);
    const db = getDb();
    const storage = getStorage();
    const [first, second] = await paidMaterials('de', 2, {
      withFile: true,
      notBy: buyer.userId,
      notOwnedBy: buyer.userId,
    });
    const active = Buffer.from(await activePdf());
    // Files stored before uploads were checked for active content (each its own version file).
    for (const material of [first!, second!]) {
      const [version] = await db
        .select()
        .from(t.materialFileVersions)
        .where(eq(t.materialFileVersions.materialId, material.id));
      const key = `materials/active-${material.id}.pdf`;
      await storage.put(key, active);
      await db
        .update(t.materialFileVersions)
        .set({ storagePath: key })
        .where(eq(t.materialFileVersions.id, version!.id));
    }
    for (const material of [first!, second!]) {
      for (const id of [material.id])
        await addToCart({ world: 'de', userId: buyer.userId, cartToken: null }, id, 'single');
    }
    const { order } = await checkout({
      userId: buyer.userId,
      world: 'de',
      provider: 'test',
      idempotencyKey: `active-content-${Date.now()}`,
      expectedTotal: null,
      deliveryConsent: true,
    });
    expect(order.status).toBe('paid');

    await expectClean(await download(first!.id, buyer.cookie), 2);

    // The second was downloaded before this fix: its stamped copy, as stored then, still has the
    // active content. The next download makes a clean copy and drops the old one.
    const [licence] = await db
      .select()
      .from(t.licences)
      .where(and(eq(t.licences.userId, buyer.userId), eq(t.licences.materialId, second!.id)));
    const [version] = await db
      .select()
      .from(t.materialFileVersions)
      .where(eq(t.materialFileVersions.materialId, second!.id));
    const oldKey = `stamped/${licence!.id}/${version!.id}-single.pdf`;
    await storage.put(oldKey, active);
    await db
      .insert(t.stampedCopies)
      .values({ licenceId: licence!.id, fileVersionId: version!.id, licenceKind: 'single', storagePath: oldKey });
    const copy = await download(second!.id, buyer.cookie);
    await expectClean(copy, 2);
    expect(await storage.read(oldKey)).toBeNull();
    const [row] = await db.select().from(t.stampedCopies).where(eq(t.stampedCopies.licenceId, licence!.id));
    expect(row!.storagePath).not.toBe(oldKey);
    // Served from the new copy from now on.
    expect(Buffer.from(await download(second!.id, buyer.cookie)).equals(Buffer.from(copy))).toBe(true);
  });
});
