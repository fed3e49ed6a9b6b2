import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { confirmedAccount, freshAddress } from './support/accounts';
import { linkFromLatestMail, outboxSize } from './support/mail';
import { untilInteractive } from './support/interactive';

/**
 * Selling in the browser: a teacher becomes a seller, uploads a PDF, watches its previews
 * appear, fills in the steps and publishes; a buyer finds, buys and downloads it; another seller
 * can neither see nor change it. Each journey runs in one world.
 */

async function interactive(page: Page) {
  await untilInteractive(page);
}

async function signIn(page: Page, world: WorldCode, email: string) {
  await page.goto(pathFor(world, 'login'));
  await interactive(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('kreide-demo');
  await page.locator('#login-password').press('Enter');
  await expect(page).not.toHaveURL(new RegExp(pathFor(world, 'login')));
}

async function worksheet(pages: number, text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  for (let i = 1; i <= pages; i++) {
    const page = document.addPage([595, 842]);
    page.drawText(`${text} ${i}`, { x: 60, y: 760, size: 28, font });
    for (let row = 0; row < 12; row++) page.drawRectangle({ x: 60, y: 680 - row * 50, width: 470, height: 2 });
  }
  return Buffer.from(await document.save());
}

test('a teacher becomes a seller, uploads a PDF, publishes it, and a buyer finds, buys and downloads it (gr)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const world: WorldCode = 'gr';
  // A teacher of her own, not a demo account: after one run on this database it would sell already.
  const teacher = freshAddress('seller-gr');
  await confirmedAccount(page.request, world, { email: teacher, password: 'kreide-demo', name: 'Δασκάλα E2E' });
  await signIn(page, world, teacher);

  // Not a seller yet: the materials page offers to become one.
  await page.goto(pathFor(world, 'cabinet-materials'));
  await interactive(page);
  await page.getByTestId('become-seller').click();
  await expect(page.getByTestId('new-material')).toBeVisible();
  await page.getByTestId('new-material').click();
  await expect(page).toHaveURL(new RegExp(`${pathFor(world, 'cabinet-upload')}$`));
  await interactive(page);

  // The file: uploaded, recognised, its previews made in the background while the page watches.
  await page.getByTestId('main-file').setInputFiles({
    name: 'klasmata.pdf',
    mimeType: 'application/pdf',
    buffer: await worksheet(3, 'Klasmata'),
  });
  await expect(page).toHaveURL(new RegExp(`${pathFor(world, 'cabinet-first-upload')}/\\d+\\?step=files$`));
  const materialId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('preview-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('cover')).toBeVisible();

  // Details, in Greek. What is typed is saved as the seller goes and survives a reload.
  const title = `Κλάσματα για την Ε΄ τάξη ${Date.now()}`;
  await page.getByTestId('next-step').click();
  await page.locator('#material-title').fill(title);
  await page
    .locator('#material-description')
    .fill('Δώδεκα φύλλα εργασίας με λύσεις για εξάσκηση και επανάληψη στα κλάσματα.\n\n- Πρόσθεση\n- Αφαίρεση');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await interactive(page);
  await expect(page.locator('#material-title')).toHaveValue(title);
  await expect(page.locator('#material-description')).toHaveValue(/Δώδεκα φύλλα εργασίας/);

  // Classification: a subject, a grade, a material type.
  await page.getByTestId('next-step').click();
  for (const field of ['subjectIds', 'gradeIds', 'materialTypeIds'])
    await page.locator(`[data-field="${field}"] input[type="checkbox"]`).first().check();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  // Price: a price below the minimum is refused on its field and nothing typed is lost.
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('price-recommendation')).toBeVisible();
  await page.locator('#material-price').fill('0,10');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'invalid');
  await expect(page.locator('#material-price')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#material-price')).toHaveValue('0,10');
  await page.locator('#material-price').fill('3,99');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  // Preview: the rendered pages, each at most 500 px high.
  await page.getByTestId('next-step').click();
  const thumbs = page.getByTestId('preview-pages').locator('img');
  await expect(thumbs).toHaveCount(3);
  for (const height of await thumbs.evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).naturalHeight),
  ))
    expect(height).toBeLessThanOrEqual(500);

  // Page 3 hidden: the seller still sees all three pages, nobody else can reach page 3 any more.
  type PreviewItem = { page: number | null; url: string; publicUrl: string | null };
  const previewItems = async () =>
    (
      (await (await page.request.get(`/api/v3/seller/materials/${materialId}?world=${world}`)).json()) as {
        previews: { items: PreviewItem[] };
      }
    ).previews.items;
  const shownThird = (await previewItems()).find((item) => item.page === 3)!.publicUrl;
  expect(shownThird).toMatch(/^\/media\/previews\//);
  await page.getByTestId('preview-pages').locator('input[type="checkbox"]').nth(2).uncheck();
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes(`/materials/${materialId}/previews`) && response.request().method() === 'POST',
  );
  await page.getByTestId('save-previews').click();
  expect((await saved).status()).toBe(200);
  const hiddenThird = (await previewItems()).find((item) => item.page === 3)!;
  expect(hiddenThird.publicUrl).toBeNull();
  await page.reload();
  await interactive(page);
  await expect(thumbs).toHaveCount(3);
  await expect
    .poll(() => thumbs.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalHeight > 0)))
    .toEqual([true, true, true]);
  expect((await page.request.get(hiddenThird.url)).status()).toBe(200);
  const anonymousContext = await browser.newContext();
  for (const address of [shownThird!, hiddenThird.url])
    expect((await anonymousContext.request.get(address)).status()).toBe(404);
  await anonymousContext.close();

  // Publish.
  await page.getByTestId('next-step').click();
  await page.getByTestId('publish').click();
  await expect(page.getByTestId('material-link')).toBeVisible();

  // Another seller can neither see nor change it.
  const intruderContext = await browser.newContext();
  const intruder = await intruderContext.newPage();
  await signIn(intruder, world, 'seller@demo.test');
  const foreign = await intruder.goto(`${pathFor(world, 'cabinet-first-upload')}/${materialId}`);
  expect(foreign!.status()).toBe(404);
  const change = await intruder.request.fetch(`/api/v3/seller/materials/${materialId}?world=${world}`, {
    method: 'PATCH',
    data: { title: 'Άλλος τίτλος' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(change.status()).toBe(404);
  await intruderContext.close();

  // A buyer finds it in search at once, buys it and downloads the stamped PDF.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, world, 'buyer@demo.test');
  await buyer.goto(`${pathFor(world, 'search')}?q=${encodeURIComponent(title)}`);
  await buyer.getByRole('link', { name: title }).first().click();
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(title);
  // The material page shows the cover and pages 1 and 2, never page 3 or a seller-only address.
  const shownImages = await buyer
    .locator('img.preview')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
  expect(shownImages).toHaveLength(3);
  for (const src of shownImages) expect(src).toMatch(/^\/media\/previews\/\d+\/[0-9a-f]{32}\.webp$/);
  expect(await buyer.content()).not.toContain(shownThird!);
  await interactive(buyer);
  await buyer.getByTestId('add-single').click();
  // Added before leaving the page: a navigation right after the click may cancel the request.
  await expect(buyer.getByTestId('add-to-cart-outcome')).not.toBeEmpty();
  await buyer.goto(pathFor(world, 'payment'));
  await buyer.getByTestId('provider-test').check();
  await buyer.getByTestId('delivery-consent').check();
  await buyer.getByTestId('place-order').click();
  await expect(buyer).toHaveURL(new RegExp(`${pathFor(world, 'order-confirmation')}/\\d+$`));
  await buyer.goto(pathFor(world, 'cabinet-bought'));
  const line = buyer.getByTestId('bought-list').locator('li', { hasText: title });
  const downloading = buyer.waitForEvent('download');
  await line.getByTestId('download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('klasmata.pdf');
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const bought = await PDFDocument.load(bytes);
  expect(bought.getPageCount()).toBe(3);
  await buyerContext.close();

  // The seller's list shows it published.
  await page.goto(pathFor(world, 'cabinet-materials'));
  await expect(page.getByTestId('seller-materials').locator(`tr[data-material-id="${materialId}"]`)).toBeVisible();
});

test('a seller releases a new version: the buyer is told by mail and downloads the new file (de)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const world: WorldCode = 'de';
  await signIn(page, world, 'seller@demo.test');
  const headers = { origin: new URL(page.url()).origin };

  // A published material of the demo seller, set up through the API the upload steps use.
  const created = await page.request.post(`/api/v3/seller/materials/upload?world=${world}`, {
    headers,
    multipart: {
      file: { name: 'brueche.pdf', mimeType: 'application/pdf', buffer: await worksheet(2, 'Brueche Version eins') },
    },
  });
  expect(created.status()).toBe(201);
  const material = (await created.json()) as { id: number };
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/v3/seller/materials/${material.id}?world=${world}`)).json()) as {
            previews: { status: string };
          }
        ).previews.status,
      { timeout: 30_000 },
    )
    .toBe('ready');
  const filters = (await (await page.request.get(`/api/v1/filters?world=${world}`)).json()) as {
    filters: Record<'subject' | 'class_grade' | 'material_type', { id: number }[]>;
  };
  const title = `Brüche mit Versionen ${Date.now()}`;
  const saved = await page.request.patch(`/api/v3/seller/materials/${material.id}?world=${world}`, {
    headers,
    data: {
      title,
      description:
        '<p>Zwölf Arbeitsblätter mit Lösungen zum Üben und Wiederholen im Unterricht der fünften Klasse.</p>',
      priceCents: 299,
      subjectIds: [filters.filters.subject[0]!.id],
      gradeIds: [filters.filters.class_grade[4]!.id],
      materialTypeIds: [filters.filters.material_type[0]!.id],
    },
  });
  expect(saved.status()).toBe(200);
  expect(
    (await page.request.post(`/api/v3/seller/materials/${material.id}/publish?world=${world}`, { headers })).status(),
  ).toBe(200);

  // The buyer buys it.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, world, 'buyer@demo.test');
  const buyerHeaders = { origin: new URL(buyer.url()).origin };
  const added = await buyer.request.post(`/api/v1/cart/add?world=${world}`, {
    headers: buyerHeaders,
    data: { material_id: material.id },
  });
  expect(added.status()).toBe(200);
  const shown = ((await added.json()) as { items: { cart: { finalPrice: number } } }).items.cart.finalPrice;
  const ordered = await buyer.request.post(`/api/v3/orders/checkout?world=${world}`, {
    headers: buyerHeaders,
    data: {
      provider: 'test',
      idempotency_key: `e2e-version-${material.id}`,
      expected_total: shown,
      delivery_consent: true,
    },
  });
  expect(ordered.status()).toBe(201);
  const mailsBefore = outboxSize();

  // The seller uploads a corrected file in the upload steps and releases it with a note.
  await page.goto(`${pathFor(world, 'cabinet-first-upload')}/${material.id}?step=files`);
  await interactive(page);
  await page.getByTestId('main-file').setInputFiles({
    name: 'brueche-korrigiert.pdf',
    mimeType: 'application/pdf',
    buffer: await worksheet(4, 'Brueche Version zwei'),
  });
  await expect(page.getByTestId('release-version')).toBeVisible();
  await page.locator('#release-note').fill('Lösungen auf Seite 2 korrigiert, zwei Seiten ergänzt.');
  await page.getByTestId('release').click();
  await expect(page.getByTestId('versions')).toContainText('Version 2');
  await expect(page.getByTestId('release-version')).toHaveCount(0);

  // The buyer is told, in German, with the note and a link to the bought materials.
  // Journeys beside this one mail the demo buyer too: the mail is named by its subject.
  const mail = await linkFromLatestMail('buyer@demo.test', mailsBefore, `Neue Version von „${title}“`);
  expect(mail.link).toContain(pathFor(world, 'cabinet-bought'));

  // And downloads the new file.
  await buyer.goto(pathFor(world, 'cabinet-bought'));
  const line = buyer.getByTestId('bought-list').locator('li', { hasText: title });
  const downloading = buyer.waitForEvent('download');
  await line.getByTestId('download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('brueche-korrigiert.pdf');
  const bytes = fs.readFileSync((await download.path())!);
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(4);
  await buyerContext.close();
});

test('an admin runs last month’s payouts; the seller downloads the credit note and sees the payout (de)', async ({
  page,
  browser,
}) => {
  const world: WorldCode = 'de';
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const period = `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, '0')}`;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, world, 'admin@demo.test');
  const headers = { origin: new URL(admin.url()).origin };
  const ran = await admin.request.post(`/api/v3/admin/payout-runs?world=${world}`, { headers, data: { period } });
  expect([200, 201]).toContain(ran.status());
  const { run } = (await ran.json()) as { run: { id: number } };
  // The bank's transfer file names the demo seller's account.
  const file = await admin.request.get(`/api/v3/admin/payout-runs/${run.id}/file?world=${world}`);
  expect(file.status()).toBe(200);
  const xml = await file.text();
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml).toContain('DE89370400440532013000');
  await adminContext.close();

  // The seller sees the payout and downloads its self-billing credit note.
  await signIn(page, world, 'seller@demo.test');
  await page.goto(pathFor(world, 'cabinet-fees'));
  const payouts = page.getByTestId('payouts');
  await expect(payouts).toContainText(/GS-\d{4}-\d{6}/);
  const downloading = page.waitForEvent('download');
  await payouts.getByTestId('credit-note-pdf').first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^GS-\d{4}-\d{6}\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Another seller cannot download it.
  const href = await payouts.getByTestId('credit-note-pdf').first().getAttribute('href');
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, world, 'buyer@demo.test');
  expect((await other.request.get(href!)).status()).toBeGreaterThanOrEqual(403);
  await otherContext.close();
});
