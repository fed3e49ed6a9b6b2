import { eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { POST as linkRoute } from '@/app/api/v3/downloads/[materialId]/route';
import { GET as fileRoute } from '@/app/api/v3/downloads/file/route';
import { GET as invoicePdfRoute } from '@/app/api/v3/invoices/[id]/pdf/route';
import { GET as invoicesRoute } from '@/app/api/v3/invoices/route';
import { addToCart } from '@/lib/commerce/cart';
import { checkout } from '@/lib/commerce/checkout';
import { refundOrder } from '@/lib/commerce/payments';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { createDownloadToken, DOWNLOAD_LINK_TTL_MS } from '@/lib/downloads/links';
import { getStorage } from '@/lib/storage/storage';
import { paidMaterials } from './support/catalogue';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { signInSession } from './support/session';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

let buyOrder = 0;
async function buy(userId: number, materialIds: number[]) {
  for (const id of materialIds) await addToCart({ world: 'de', userId, cartToken: null }, id, 'single');
  buyOrder += 1;
  const { order } = await checkout({
    userId,
    world: 'de',
    provider: 'test',
    idempotencyKey: `downloads-test-order-${buyOrder}-${Date.now()}`,
    expectedTotal: null,
    deliveryConsent: true,
  });
  expect(order.status).toBe('paid');
  return order;
}

const linkFor = (materialId: number, cookie: string) =>
  linkRoute(apiRequest(`/api/v3/downloads/${materialId}?world=de`, { method: 'POST', headers: { cookie } }), {
    params: Promise.resolve({ materialId: String(materialId) }),
  });

const fetchFile = (url: string) => fileRoute(apiRequest(url));

/** The base font names of a PDF's font dictionaries. */
function fontNames(document: PDFDocument): string[] {
  return document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'),
    )
    .map((font) => font.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '')
    .filter((name) => name !== '');
}

describe(`downloads on ${BACKEND}`, () => {
  it('gives the buyer a short-lived link to a copy stamped on every page, stamped once and served again', async () => {
    const buyer = await signInSession(DEMO_ACCOUNTS.buyer);
    const [material] = await paidMaterials('de', 1, { withFile: true, notBy: buyer.userId, notOwnedBy: buyer.userId });
    await buy(buyer.userId, [material!.id]);

    const link = await linkFor(material!.id, buyer.cookie);
    expect(link.status).toBe(200);
    const { url, expires_at } = (await link.json()) as { url: string; expires_at: string };
    expect(url).toMatch(/^\/api\/v3\/downloads\/file\?t=[\w-]+\.[\w-]+$/);
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(DOWNLOAD_LINK_TTL_MS);

    const response = await fetchFile(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.pdf"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const stamped = new Uint8Array(await response.arrayBuffer());
    const [version] = await getDb()
      .select()
      .from(t.materialFileVersions)
      .where(eq(t.materialFileVersions.materialId, material!.id));
    const original = await PDFDocument.load((await getStorage().read(version!.storagePath))!);
    const copy = await PDFDocument.load(stamped);
    expect(copy.getPageCount()).toBe(original.getPageCount());
    // The stamp's font is embedded as a subset (the template has its own copy of Noto Sans).
    expect(fontNames(copy).length).toBeGreaterThan(fontNames(original).length);
    expect(fontNames(copy).every((name) => name.includes('NotoSans'))).toBe(true);
    expect(Buffer.from(stamped).equals(Buffer.from(await (await fetchFile(url)).arrayBuffer()))).toBe(true);
    const copies = await getDb().select().from(t.stampedCopies).where(eq(t.stampedCopies.fileVersionId, version!.id));
    expect(copies).toHaveLength(1);
  });

  it('refuses everyone else: another account, forged, altered and expired links, and a refunded licence', async () => {
    const buyer = await signInSession(DEMO_ACCOUNTS.buyer);
    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    const [, material] = await paidMaterials('de', 2, {
      withFile: true,
      notBy: buyer.userId,
      notOwnedBy: buyer.userId,
    });
    const order = await buy(buyer.userId, [material!.id]);

    // The seller (not the author here) owns no licence: no link, and the buyer's link does not
    // become theirs — a token names its buyer, and the file is checked against that buyer.
    expect((await linkFor(material!.id, seller.cookie)).status).toBe(404);
    const url = ((await (await linkFor(material!.id, buyer.cookie)).json()) as { url: string }).url;
    const token = url.split('t=')[1]!;
    const [payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ u: seller.userId, m: material!.id, e: Date.now() + 60_000 }),
    ).toString('base64url');
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}AA`,
      `${payload}`,
      'x'.repeat(400),
      createDownloadToken(buyer.userId, material!.id, Date.now() - DOWNLOAD_LINK_TTL_MS - 1),
    ]) {
      const response = await fetchFile(`/api/v3/downloads/file?t=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await fetchFile(`/api/v3/downloads/file?t=${'y'.repeat(1001)}`)).status).toBe(400);

    await refundOrder(order.id, { itemIds: 'all', to: 'credit' });
    expect((await fetchFile(url)).status).toBe(404);
    expect((await linkFor(material!.id, buyer.cookie)).status).toBe(404);
  });

  it('answers 404 for a material without a file and 401 without an account, and refuses bad ids', async () => {
    const buyer = await signInSession(DEMO_ACCOUNTS.buyer);
    expect((await linkFor(2147483647, buyer.cookie)).status).toBe(404);
    const anonymous = await linkRoute(apiRequest('/api/v3/downloads/1?world=de', { method: 'POST' }), {
      params: Promise.resolve({ materialId: '1' }),
    });
    expect(anonymous.status).toBe(401);
    const outOfRange = await linkRoute(
      apiRequest('/api/v3/downloads/2147483648?world=de', { method: 'POST', headers: { cookie: buyer.cookie } }),
      { params: Promise.resolve({ materialId: '2147483648' }) },
    );
    expect(outOfRange.status).toBe(404);
  });
});

describe(`invoices on ${BACKEND}`, () => {
  const listOf = (cookie: string) => invoicesRoute(apiRequest('/api/v3/invoices?world=de', { headers: { cookie } }));
  const pdfOf = (id: number, cookie: string) =>
    invoicePdfRoute(apiRequest(`/api/v3/invoices/${id}/pdf?world=de`, { headers: { cookie } }), {
      params: Promise.resolve({ id: String(id) }),
    });

  it('lists the buyer’s invoices and sends each as a PDF in the order’s language; nobody else gets it', async () => {
    const buyer = await signInSession(DEMO_ACCOUNTS.buyer);
    const [, , material] = await paidMaterials('de', 3, {
      withFile: true,
      notBy: buyer.userId,
      notOwnedBy: buyer.userId,
    });
    const order = await buy(buyer.userId, [material!.id]);

    const list = await listOf(buyer.cookie);
    expect(list.status).toBe(200);
    const { invoices } = (await list.json()) as {
      invoices: { id: number; kind: string; number: string; orderReference: string; total: number }[];
    };
    const invoice = invoices.find((entry) => entry.orderReference === order.reference)!;
    expect(invoice).toMatchObject({ kind: 'invoice', total: order.totalMinor + order.creditsUsedMinor });
    expect(invoice.number).toMatch(/^RE-\d{4}-\d{6}$/);

    const pdf = await pdfOf(invoice.id, buyer.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`${invoice.number}.pdf`);
    const document = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(document.getTitle()).toBe(`Rechnung ${invoice.number}`);

    const seller = await signInSession(DEMO_ACCOUNTS.seller);
    expect((await pdfOf(invoice.id, seller.cookie)).status).toBe(404);
    const theirs = (await (await listOf(seller.cookie)).json()) as { invoices: { id: number }[] };
    expect(theirs.invoices.map((entry) => entry.id)).not.toContain(invoice.id);
    expect((await invoicesRoute(apiRequest('/api/v3/invoices?world=de'))).status).toBe(401);
  });
});
