import { and, eq, gt } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { GET as search } from '@/app/api/v3/search/route';
import { POST as become } from '@/app/api/v3/seller/become/route';
import { POST as uploadCoverRoute } from '@/app/api/v3/seller/materials/[materialId]/cover/route';
import { GET as recommendation } from '@/app/api/v3/seller/materials/[materialId]/price-recommendation/route';
import { POST as previewsRoute } from '@/app/api/v3/seller/materials/[materialId]/previews/route';
import { POST as publishRoute } from '@/app/api/v3/seller/materials/[materialId]/publish/route';
import {
  DELETE as deleteRoute,
  GET as getMaterialRoute,
  PATCH as patchRoute,
} from '@/app/api/v3/seller/materials/[materialId]/route';
import { POST as releaseRoute } from '@/app/api/v3/seller/materials/[materialId]/versions/release/route';
import { POST as moderationRoute } from '@/app/api/v3/admin/materials/[materialId]/moderation/route';
import { POST as createBundleRoute } from '@/app/api/v3/seller/bundles/route';
import { PUT as bundleItemsRoute } from '@/app/api/v3/seller/materials/[materialId]/bundle-items/route';
import { POST as unpublishRoute } from '@/app/api/v3/seller/materials/[materialId]/unpublish/route';
import { GET as listRoute } from '@/app/api/v3/seller/materials/route';
import { POST as uploadRoute } from '@/app/api/v3/seller/materials/upload/route';
import { GET as media } from '@/app/media/[...key]/route';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { acceptActualTerms } from '@/lib/accounts/terms';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { drainJobs } from '@/lib/jobs/workers';
import { addToCart } from '@/lib/commerce/cart';
import { checkout } from '@/lib/commerce/checkout';
import { prepareDownload } from '@/lib/downloads/downloads';
import { saveBillingAddress } from '@/lib/cabinet/billing-address';
import { billingAddressSchema } from '@/lib/cabinet/validation';
import { deliveredMail } from './support/mail';
import { refundOrder } from '@/lib/commerce/payments';
import { TAGS } from '@/lib/cache/tags';
import { expiredAt } from '@/lib/cache/tag-store.cjs';
import type { SellerMaterial } from '@/lib/selling/seller-materials';
import type { WorldCode } from '@/lib/worlds/worlds';
import { apiRequest, TEST_ORIGIN } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signIn } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
}, 120_000);
afterAll(() => database.stop());

type Handler = (request: NextRequest, context?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

/** A teacher who is not a seller yet: a fresh, confirmed account that accepted the terms. */
let teachers = 0;
async function newTeacher(name: string): Promise<{ cookie: string; id: number }> {
  const email = `teacher-${++teachers}-${Date.now()}@example.test`;
  const password = 'correct horse battery staple';
  const { id } = await createAccount({
    email,
    publicName: name,
    world: 'de',
    passwordHash: await hashPassword(password),
    status: 'active',
    creationSource: 'test',
  });
  await acceptActualTerms(id, 'de');
  return { cookie: await signIn(email, { password }), id };
}

const params = (materialId: number | string) => ({ params: Promise.resolve({ materialId: String(materialId) }) });

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function uploadRequest(path: string, bytes: Uint8Array, cookie: string, name = 'Arbeitsblatt Brüche.pdf') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }));
  return new NextRequest(new URL(path, TEST_ORIGIN), {
    method: 'POST',
    body: form,
    headers: { cookie, origin: TEST_ORIGIN },
  });
}

const upload = (cookie: string, bytes: Uint8Array, materialId?: number, name?: string) =>
  uploadRoute(
    uploadRequest(
      `/api/v3/seller/materials/upload?world=de${materialId ? `&materialId=${materialId}` : ''}`,
      bytes,
      cookie,
      name,
    ),
  );

const call = (handler: Handler, path: string, cookie: string, materialId: number, method = 'POST', body?: unknown) =>
  handler(apiRequest(`${path}?world=de`, { method, headers: { cookie }, body }), params(materialId));

const getMaterial = (cookie: string, id: number) =>
  call(getMaterialRoute as Handler, `/api/v3/seller/materials/${id}`, cookie, id, 'GET');
const patch = (cookie: string, id: number, body: unknown) =>
  call(patchRoute as Handler, `/api/v3/seller/materials/${id}`, cookie, id, 'PATCH', body);
const publish = (cookie: string, id: number) =>
  call(publishRoute as Handler, `/api/v3/seller/materials/${id}/publish`, cookie, id);

async function pdf(pages: number, text = 'Bruchrechnen'): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = document.addPage([595, 842]);
    page.drawText(`${text} – Seite ${i}`, { x: 50, y: 780, size: 24, font });
  }
  return document.save();
}

async function vocabularyIds(world: WorldCode) {
  const db = getDb();
  const [subject] = await db.select({ id: t.subjects.id }).from(t.subjects).where(eq(t.subjects.world, world));
  const [grade] = await db.select({ id: t.grades.id }).from(t.grades).where(eq(t.grades.world, world));
  const [type] = await db
    .select({ id: t.materialTypes.id })
    .from(t.materialTypes)
    .where(eq(t.materialTypes.world, world));
  return { subjectId: subject!.id, gradeId: grade!.id, typeId: type!.id };
}

const completeDetails = (ids: Awaited<ReturnType<typeof vocabularyIds>>, title: string) => ({
  title,
  description: '<p>Zwölf Arbeitsblätter mit Lösungen zum Üben und Wiederholen im Unterricht der fünften Klasse.</p>',
  priceCents: 399,
  subjectIds: [ids.subjectId],
  gradeIds: [ids.gradeId],
  materialTypeIds: [ids.typeId],
  schoolTypes: ['grundschule'],
});

describe(`selling API on ${BACKEND}`, () => {
  let seller: string;
  let other: { cookie: string; id: number };

  beforeAll(async () => {
    seller = await signIn(DEMO_ACCOUNTS.seller);
    other = await newTeacher('Zweite Verkäuferin');
    await become(apiRequest('/api/v3/seller/become?world=de', { method: 'POST', headers: { cookie: other.cookie } }));
  });

  it('refuses the seller calls to a teacher who does not sell, then makes them a seller once', async () => {
    const teacher = await newTeacher('Neue Lehrerin');
    const refused = await listRoute(
      apiRequest('/api/v3/seller/materials?world=de', { headers: { cookie: teacher.cookie } }),
    );
    expect(refused.status).toBe(403);
    const first = await become(
      apiRequest('/api/v3/seller/become?world=de', { method: 'POST', headers: { cookie: teacher.cookie } }),
    );
    expect(first.status).toBe(200);
    const firstBody = await json<{ isSeller: boolean; becameSellerAt: string }>(first);
    expect(firstBody.isSeller).toBe(true);
    const again = await json<{ becameSellerAt: string }>(
      await become(
        apiRequest('/api/v3/seller/become?world=de', { method: 'POST', headers: { cookie: teacher.cookie } }),
      ),
    );
    expect(again.becameSellerAt).toBe(firstBody.becameSellerAt);
    const list = await listRoute(
      apiRequest('/api/v3/seller/materials?world=de', { headers: { cookie: teacher.cookie } }),
    );
    expect(list.status).toBe(200);
    expect(await json(list)).toEqual({ items: [], total: 0 });
    const [profile] = await getDb().select().from(t.authorProfiles).where(eq(t.authorProfiles.userId, teacher.id));
    expect(profile).toBeDefined();
    // Anonymous callers are not let in at all.
    expect((await listRoute(apiRequest('/api/v3/seller/materials?world=de'))).status).toBe(401);
  });

  it('takes a PDF as a draft, renders its previews in the background and publishes it into search', async () => {
    await become(apiRequest('/api/v3/seller/become?world=de', { method: 'POST', headers: { cookie: other.cookie } }));
    const created = await upload(seller, await pdf(3));
    expect(created.status).toBe(201);
    const draft = await json<SellerMaterial>(created);
    expect(draft).toMatchObject({
      status: 'draft',
      world: 'de',
      title: 'Arbeitsblatt Brüche',
      pages: 3,
      previews: { status: 'pending' },
    });
    expect(draft.versions).toEqual([
      expect.objectContaining({ version: 1, name: 'Arbeitsblatt Brüche.pdf', publishedAt: null }),
    ]);
    expect(draft.problems.map((p) => p.code)).toEqual(
      expect.arrayContaining(['previews_pending', 'description_too_short', 'subject_missing']),
    );

    await drainJobs();
    const rendered = await json<SellerMaterial>(await getMaterial(seller, draft.id));
    expect(rendered.previews.status).toBe('ready');
    // Ready means the card is there too: the seller's page stops asking once it reads 'ready'.
    expect(rendered.cover).toEqual({ path: expect.stringMatching(/^covers\//), uploaded: false });
    const pages = rendered.previews.items.filter((p) => p.page !== null);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    for (const page of pages) expect(page.height).toBeLessThanOrEqual(500);
    expect(rendered.cover?.path).toMatch(new RegExp(`^covers/${draft.id}-[0-9a-f]+-card\\.webp$`));
    const shownKey = pages[0]!.publicUrl!.replace(/^\/media\//, '');
    const image = await media(new Request(`${TEST_ORIGIN}${pages[0]!.publicUrl}`), {
      params: Promise.resolve({ key: shownKey.split('/') }),
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).height).toBeLessThanOrEqual(500);

    // Publishing before the details are there names what is missing and changes nothing.
    const early = await publish(seller, draft.id);
    expect(early.status).toBe(400);
    const earlyBody = await json<{ error: { details: { code: string }[] } }>(early);
    expect(earlyBody.error.details.map((d) => d.code)).toEqual(
      expect.arrayContaining(['description_too_short', 'subject_missing', 'grade_missing', 'material_type_missing']),
    );

    const ids = await vocabularyIds('de');
    const title = `Brüche verstehen Testheft ${Date.now()}`;
    const saved = await patch(seller, draft.id, completeDetails(ids, title));
    expect(saved.status).toBe(200);
    expect((await json<SellerMaterial>(saved)).problems).toEqual([]);

    // Nobody finds a draft.
    const before = await json<{ total: number }>(
      await search(apiRequest(`/api/v3/search?world=de&q=${encodeURIComponent(title)}`)),
    );
    expect(before.total).toBe(0);

    const published = await publish(seller, draft.id);
    expect(published.status).toBe(200);
    const publishedBody = await json<SellerMaterial>(published);
    expect(publishedBody.status).toBe('published');
    expect(publishedBody.versions[0]!.publishedAt).not.toBeNull();

    const after = await json<{ total: number; items: { id: number }[] }>(
      await search(apiRequest(`/api/v3/search?world=de&q=${encodeURIComponent(title)}`)),
    );
    expect(after.items.map((item) => item.id)).toContain(draft.id);

    // Publishing twice changes nothing; a published material stays publishable.
    expect((await publish(seller, draft.id)).status).toBe(200);
    const broken = await patch(seller, draft.id, { subjectIds: [] });
    expect(broken.status).toBe(400);
    const kept = await json<SellerMaterial>(await getMaterial(seller, draft.id));
    expect(kept.subjectIds).toEqual([ids.subjectId]);

    // Unpublished: out of search; published again: back.
    expect(
      (await call(unpublishRoute as Handler, `/api/v3/seller/materials/${draft.id}/unpublish`, seller, draft.id))
        .status,
    ).toBe(200);
    const gone = await json<{ items: { id: number }[] }>(
      await search(apiRequest(`/api/v3/search?world=de&q=${encodeURIComponent(title)}`)),
    );
    expect(gone.items.map((item) => item.id)).not.toContain(draft.id);
    expect((await publish(seller, draft.id)).status).toBe(200);

    // The second seller sees and changes none of it.
    expect((await getMaterial(other.cookie, draft.id)).status).toBe(404);
    expect((await patch(other.cookie, draft.id, { title: 'Gestohlen' })).status).toBe(404);
    expect((await publish(other.cookie, draft.id)).status).toBe(404);
    expect(
      (await call(unpublishRoute as Handler, `/api/v3/seller/materials/${draft.id}/unpublish`, other.cookie, draft.id))
        .status,
    ).toBe(404);
    expect(
      (await call(deleteRoute as Handler, `/api/v3/seller/materials/${draft.id}`, other.cookie, draft.id, 'DELETE'))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          previewsRoute as Handler,
          `/api/v3/seller/materials/${draft.id}/previews`,
          other.cookie,
          draft.id,
          'POST',
          { pages: [1] },
        )
      ).status,
    ).toBe(404);
    expect((await upload(other.cookie, await pdf(1), draft.id)).status).toBe(404);
    expect(
      (
        await call(
          recommendation as Handler,
          `/api/v3/seller/materials/${draft.id}/price-recommendation`,
          other.cookie,
          draft.id,
          'GET',
        )
      ).status,
    ).toBe(404);
    const otherList = await json<{ items: { id: number }[] }>(
      await listRoute(apiRequest('/api/v3/seller/materials?world=de', { headers: { cookie: other.cookie } })),
    );
    expect(otherList.items.map((i) => i.id)).not.toContain(draft.id);
    const [row] = await getDb()
      .select({ title: t.materials.title })
      .from(t.materials)
      .where(eq(t.materials.id, draft.id));
    expect(row!.title).toBe(title);
  }, 120_000);

  it('lets the seller choose the preview pages buyers see', async () => {
    const draft = await json<SellerMaterial>(await upload(seller, await pdf(4)));
    await drainJobs();
    const choose = (pages: unknown) =>
      call(previewsRoute as Handler, `/api/v3/seller/materials/${draft.id}/previews`, seller, draft.id, 'POST', {
        pages,
      });
    const chosen = await json<SellerMaterial>(await choose([2, 4]));
    expect(chosen.previews.items.filter((p) => p.page !== null && p.shown).map((p) => p.page)).toEqual([2, 4]);
    expect((await choose([])).status).toBe(400);
    expect((await choose([9])).status).toBe(400);
    expect((await choose(['1'])).status).toBe(400);
  }, 60_000);

  it('refuses files by their content with the reason in the seller’s language, and changes nothing', async () => {
    const before = await json<{ total: number }>(
      await listRoute(apiRequest('/api/v3/seller/materials?world=de', { headers: { cookie: seller } })),
    );
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const refused = await upload(seller, html, undefined, 'worksheet.pdf');
    expect(refused.status).toBe(415);
    const body = await json<{ error: { message: string; details: { reason: string } } }>(refused);
    expect(body.error.details.reason).toBe('unknown_type');
    expect(body.error.message).not.toBe('unsupported_media_type');

    const truncated = (await pdf(2)).slice(0, 200);
    const broken = await upload(seller, truncated);
    expect(broken.status).toBe(422);

    const after = await json<{ total: number }>(
      await listRoute(apiRequest('/api/v3/seller/materials?world=de', { headers: { cookie: seller } })),
    );
    expect(after.total).toBe(before.total);
  });

  it('answers bad input with a 4xx in the error shape', async () => {
    const draft = await json<SellerMaterial>(await upload(seller, await pdf(1)));
    for (const bad of [
      { priceCents: 4.99 },
      { priceCents: 10 },
      { priceCents: 999_999_999 },
      { subjectIds: [2_147_483_648] },
      { subjectIds: ['1; DROP TABLE materials'] },
      { unknown: true },
      { title: 'x'.repeat(500) },
      { priceCents: 500, schoolPriceCents: 100 },
    ]) {
      const response = await patch(seller, draft.id, bad);
      expect(response.status).toBe(400);
      expect((await json<{ error: { code: string } }>(response)).error.code).toMatch(/validation_failed|bad_request/);
    }
    // An id of another world's vocabulary is not one of this material's values.
    const greek = await vocabularyIds('gr');
    expect((await patch(seller, draft.id, { subjectIds: [greek.subjectId] })).status).toBe(400);
    for (const id of ['0', '-1', 'abc', '2147483648', '1e3']) {
      const response = await getMaterialRoute(
        apiRequest(`/api/v3/seller/materials/${id}?world=de`, { headers: { cookie: seller } }),
        params(id),
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const noOrigin = await patchRoute(
      apiRequest(`/api/v3/seller/materials/${draft.id}?world=de`, {
        method: 'PATCH',
        headers: { cookie: seller },
        body: { title: 'Ohne Herkunft' },
        origin: 'https://evil.example',
      }),
      params(draft.id),
    );
    expect(noOrigin.status).toBe(403);
  });

  it('keeps half-filled drafts and lists them; deleting a draft removes it and its files', async () => {
    const draft = await json<SellerMaterial>(await upload(seller, await pdf(1)));
    const saved = await json<SellerMaterial>(
      await patch(seller, draft.id, { title: 'Ent', description: '<p>kurz</p>' }),
    );
    expect(saved).toMatchObject({ title: 'Ent', status: 'draft' });
    const drafts = await json<{ items: { id: number; status: string }[] }>(
      await listRoute(apiRequest('/api/v3/seller/materials?world=de&status=draft', { headers: { cookie: seller } })),
    );
    expect(drafts.items.map((i) => i.id)).toContain(draft.id);
    expect(drafts.items.every((i) => i.status === 'draft')).toBe(true);
    await drainJobs();
    const response = await call(
      deleteRoute as Handler,
      `/api/v3/seller/materials/${draft.id}`,
      seller,
      draft.id,
      'DELETE',
    );
    expect(response.status).toBe(200);
    expect((await getMaterial(seller, draft.id)).status).toBe(404);
    const rows = await getDb()
      .select()
      .from(t.materialFileVersions)
      .where(eq(t.materialFileVersions.materialId, draft.id));
    expect(rows).toEqual([]);
  });

  it('takes a cover image and serves paid files never through /media', async () => {
    const draft = await json<SellerMaterial>(await upload(seller, await pdf(1)));
    const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new File([new Uint8Array(png)], 'cover.png'));
    const response = await uploadCoverRoute(
      new NextRequest(new URL(`/api/v3/seller/materials/${draft.id}/cover?world=de`, TEST_ORIGIN), {
        method: 'POST',
        body: form,
        headers: { cookie: seller, origin: TEST_ORIGIN },
      }),
      params(draft.id),
    );
    expect(response.status).toBe(200);
    const withCover = await json<SellerMaterial>(response);
    expect(withCover.cover).toMatchObject({ uploaded: true });
    // The uploaded cover stays when the previews are rendered afterwards.
    await drainJobs();
    expect((await json<SellerMaterial>(await getMaterial(seller, draft.id))).cover).toMatchObject({ uploaded: true });

    const [version] = await getDb()
      .select({ path: t.materialFileVersions.storagePath })
      .from(t.materialFileVersions)
      .where(eq(t.materialFileVersions.materialId, draft.id));
    expect(version!.path.startsWith('materials/')).toBe(true);
    const paid = await media(new Request(`${TEST_ORIGIN}/media/${version!.path}`), {
      params: Promise.resolve({ key: version!.path.split('/') }),
    });
    expect(paid.status).toBe(404);
  }, 60_000);

  it('releases a new version: buyers get a mail in their language and the new file, old versions stay', async () => {
    const ids = await vocabularyIds('de');
    const draft = await json<SellerMaterial>(await upload(seller, await pdf(2, 'Version eins')));
    await drainJobs();
    await patch(seller, draft.id, completeDetails(ids, `Versionen ${Date.now()}`));
    expect((await publish(seller, draft.id)).status).toBe(200);
    // A draft has nothing to release.
    const otherDraft = await json<SellerMaterial>(await upload(seller, await pdf(1)));
    const release = (cookie: string, id: number, body: unknown = { changeNote: 'Lösungen korrigiert' }) =>
      call(releaseRoute as Handler, `/api/v3/seller/materials/${id}/versions/release`, cookie, id, 'POST', body);
    expect((await release(seller, otherDraft.id)).status).toBe(409);
    // Nothing staged yet.
    expect((await release(seller, draft.id)).status).toBe(409);

    const buyers = [await newTeacher('Käuferin Eins'), await newTeacher('Käufer Zwei')];
    await getDb()
      .update(t.accountStates)
      .set({ notificationPreferences: { materialUpdates: false } })
      .where(eq(t.accountStates.userId, buyers[1]!.id));
    let order = 0;
    for (const buyer of buyers) {
      await saveBillingAddress(
        buyer.id,
        billingAddressSchema.parse({
          full_name: 'Eva Muster',
          street: 'Schulstraße 1',
          postal_code: '10115',
          city: 'Berlin',
          country_code: 'DE',
        }),
      );
      await addToCart({ world: 'de', userId: buyer.id, cartToken: null }, draft.id, 'single');
      const { order: paid } = await checkout({
        userId: buyer.id,
        world: 'de',
        provider: 'test',
        idempotencyKey: `selling-version-${draft.id}-${++order}`,
        expectedTotal: null,
        deliveryConsent: true,
      });
      expect(paid.status).toBe('paid');
    }
    await deliveredMail();
    const before = await PDFDocument.load((await prepareDownload(buyers[0]!.id, draft.id)).bytes);
    expect(before.getPageCount()).toBe(2);

    // Uploading stages version 2: buyers still get version 1 until it is released.
    const staged = await json<SellerMaterial>(await upload(seller, await pdf(4, 'Version zwei'), draft.id, 'neu.pdf'));
    expect(staged.versions.map((v) => [v.version, v.publishedAt === null])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await PDFDocument.load((await prepareDownload(buyers[0]!.id, draft.id)).bytes)).getPageCount()).toBe(2);
    expect((await release(other.cookie, draft.id)).status).toBe(404);
    expect((await release(seller, draft.id, { changeNote: 'x'.repeat(501) })).status).toBe(400);

    const mailsBefore = (await deliveredMail()).length;
    const released = await release(seller, draft.id);
    expect(released.status).toBe(200);
    const body = await json<SellerMaterial>(released);
    expect(body.versions.map((v) => [v.version, v.publishedAt !== null])).toEqual([
      [2, true],
      [1, true],
    ]);
    const mails = (await deliveredMail()).slice(mailsBefore);
    const versionMails = mails.filter((mail) => mail.subject.includes('Neue Version'));
    expect(versionMails.map((mail) => mail.to)).toEqual([expect.stringContaining('teacher-')]);
    expect(versionMails[0]!.text).toContain('Lösungen korrigiert');
    expect(versionMails[0]!.text).toContain('Version 2');
    const after = await PDFDocument.load((await prepareDownload(buyers[0]!.id, draft.id)).bytes);
    expect(after.getPageCount()).toBe(4);
    // The previews follow the new version.
    const rendered = await json<SellerMaterial>(await getMaterial(seller, draft.id));
    expect(rendered.previews.status).toBe('ready');
    expect(rendered.previews.items.filter((p) => p.page !== null)).toHaveLength(4);
    expect(
      (await getDb().select().from(t.materialFileVersions).where(eq(t.materialFileVersions.materialId, draft.id)))
        .length,
    ).toBe(2);
    // Released once: a second release has nothing staged.
    expect((await release(seller, draft.id)).status).toBe(409);
  }, 120_000);

  it('lets an admin hide a material with a reason the seller sees, and show it again', async () => {
    const ids = await vocabularyIds('de');
    const title = `Moderiert ${Date.now()}`;
    const draft = await json<SellerMaterial>(await upload(seller, await pdf(1)));
    await drainJobs();
    await patch(seller, draft.id, completeDetails(ids, title));
    expect((await publish(seller, draft.id)).status).toBe(200);
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const moderate = (cookie: string, body: unknown) =>
      call(
        moderationRoute as Handler,
        `/api/v3/admin/materials/${draft.id}/moderation`,
        cookie,
        draft.id,
        'POST',
        body,
      );
    const found = async () =>
      (
        await json<{ items: { id: number }[] }>(
          await search(apiRequest(`/api/v3/search?world=de&q=${encodeURIComponent(title)}`)),
        )
      ).items.map((item) => item.id);

    // Sellers are not admins.
    expect((await moderate(seller, { hidden: true, reason: 'Urheberrecht' })).status).toBeGreaterThanOrEqual(403);
    expect((await moderate(admin, { hidden: true })).status).toBe(400);
    expect(
      (await moderate(admin, { hidden: true, reason: 'Enthält urheberrechtlich geschützte Bilder.' })).status,
    ).toBe(200);
    expect(await found()).not.toContain(draft.id);
    const seen = await json<SellerMaterial>(await getMaterial(seller, draft.id));
    expect(seen.hidden?.reason).toBe('Enthält urheberrechtlich geschützte Bilder.');
    const list = await json<{ items: { id: number; hidden: boolean }[] }>(
      await listRoute(apiRequest('/api/v3/seller/materials?world=de', { headers: { cookie: seller } })),
    );
    expect(list.items.find((item) => item.id === draft.id)?.hidden).toBe(true);
    // Unpublishing and publishing again does not bring it back while it is hidden.
    await call(unpublishRoute as Handler, `/api/v3/seller/materials/${draft.id}/unpublish`, seller, draft.id);
    expect((await publish(seller, draft.id)).status).toBe(200);
    expect(await found()).not.toContain(draft.id);

    expect((await moderate(admin, { hidden: false })).status).toBe(200);
    expect(await found()).toContain(draft.id);
  }, 60_000);

  it('builds a bundle of the seller’s own published materials; its buyers get each of them', async () => {
    const ids = await vocabularyIds('de');
    const items: number[] = [];
    for (const name of ['Bundle eins', 'Bundle zwei']) {
      const draft = await json<SellerMaterial>(await upload(seller, await pdf(1, name)));
      await drainJobs();
      await patch(seller, draft.id, completeDetails(ids, `${name} ${Date.now()}`));
      expect((await publish(seller, draft.id)).status).toBe(200);
      items.push(draft.id);
    }
    const unpublishedDraft = await json<SellerMaterial>(await upload(seller, await pdf(1)));
    const created = await createBundleRoute(
      apiRequest('/api/v3/seller/bundles?world=de', { method: 'POST', headers: { cookie: seller } }),
    );
    expect(created.status).toBe(201);
    const bundle = await json<SellerMaterial>(created);
    expect(bundle).toMatchObject({ isBundle: true, status: 'draft', bundleItemIds: [] });
    const choose = (cookie: string, materialIds: unknown) =>
      call(
        bundleItemsRoute as Handler,
        `/api/v3/seller/materials/${bundle.id}/bundle-items`,
        cookie,
        bundle.id,
        'PUT',
        {
          materialIds,
        },
      );
    // Someone else's material, a draft, or a bundle of someone else: refused.
    const [foreign] = await getDb()
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(eq(t.materials.world, 'de'))
      .limit(1);
    expect((await choose(seller, [items[0], foreign!.id])).status).toBe(400);
    expect((await choose(seller, [items[0], unpublishedDraft.id])).status).toBe(400);
    expect((await choose(other.cookie, items)).status).toBe(404);
    const chosen = await json<SellerMaterial>(await choose(seller, items));
    expect(chosen.bundleItemIds.sort()).toEqual([...items].sort());
    expect(chosen.cover).not.toBeNull();

    await patch(seller, bundle.id, completeDetails(ids, `Bundle ${Date.now()}`));
    expect((await publish(seller, bundle.id)).status).toBe(200);
    // A published bundle keeps at least two materials.
    expect((await choose(seller, [items[0]])).status).toBe(400);

    const buyer = await newTeacher('Bundle-Käuferin');
    await saveBillingAddress(
      buyer.id,
      billingAddressSchema.parse({
        full_name: 'Eva Muster',
        street: 'Schulstraße 1',
        postal_code: '10115',
        city: 'Berlin',
        country_code: 'DE',
      }),
    );
    await addToCart({ world: 'de', userId: buyer.id, cartToken: null }, bundle.id, 'single');
    const { order } = await checkout({
      userId: buyer.id,
      world: 'de',
      provider: 'test',
      idempotencyKey: `selling-bundle-${bundle.id}`,
      expectedTotal: null,
      deliveryConsent: true,
    });
    expect(order.status).toBe('paid');
    for (const id of items) expect((await prepareDownload(buyer.id, id)).bytes.length).toBeGreaterThan(0);
  }, 120_000);

  it('expires the seller’s cached cabinet when they change a material, when they sell and when a sale is refunded', async () => {
    const [sellerRow] = await getDb()
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, DEMO_ACCOUNTS.seller));
    const tag = TAGS.seller(sellerRow!.id);
    const expiredSince = async (step: () => Promise<unknown>) => {
      const before = expiredAt(tag) ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 2));
      await step();
      return (expiredAt(tag) ?? 0) > before;
    };
    const draft = await json<SellerMaterial>(await upload(seller, await pdf(1)));
    expect(await expiredSince(() => patch(seller, draft.id, { title: 'Zwischenstand' }))).toBe(true);

    const buyer = await newTeacher('Käufer Cache');
    await saveBillingAddress(
      buyer.id,
      billingAddressSchema.parse({
        full_name: 'Max Muster',
        street: 'Schulstraße 2',
        postal_code: '10115',
        city: 'Berlin',
        country_code: 'DE',
      }),
    );
    const [sold] = await getDb()
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(
        and(eq(t.materials.authorId, sellerRow!.id), eq(t.materials.isActive, true), gt(t.materials.priceCents, 0)),
      )
      .limit(1);
    await addToCart({ world: 'de', userId: buyer.id, cartToken: null }, sold!.id, 'single');
    let orderId = 0;
    expect(
      await expiredSince(async () => {
        const { order } = await checkout({
          userId: buyer.id,
          world: 'de',
          provider: 'test',
          idempotencyKey: `selling-cache-${sold!.id}`,
          expectedTotal: null,
          deliveryConsent: true,
        });
        orderId = order.id;
      }),
    ).toBe(true);
    expect(await expiredSince(() => refundOrder(orderId, { itemIds: 'all', to: 'credit' }))).toBe(true);
  }, 60_000);
});
