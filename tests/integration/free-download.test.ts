import { and, eq, sql } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { GET as fileRoute } from '@/app/api/v3/downloads/file/route';
import { FreeDownloadPage } from '@/components/commerce/free-download-page';
import { createAccount, hashPassword } from '@/lib/accounts/accounts';
import { claimFreeMaterial } from '@/lib/commerce/checkout';
import { refundOrder } from '@/lib/commerce/payments';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { createDownloadToken, createFreeDownloadToken, FREE_DOWNLOAD_LINK_TTL_MS } from '@/lib/downloads/links';
import { pathFor } from '@/lib/routing/localized-routes';
import { getRoute } from '@/lib/routing/routes';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { deliveredMail } from './support/mail';
import { apiRequest } from './support/request';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { translateInto } from './support/translations';

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
});
afterAll(() => database.stop());

let counter = 0;
async function teacher(world: WorldCode): Promise<{ id: number; email: string }> {
  counter += 1;
  const email = `free-${counter}-${Date.now()}@example.test`;
  const { id } = await createAccount({
    email,
    publicName: `Free Tester ${counter}`,
    world,
    passwordHash: await hashPassword('correct horse battery'),
    status: 'active',
    creationSource: 'web',
  });
  return { id, email };
}

/** A free material of the world with a file to download. */
async function freeMaterial(world: WorldCode) {
  const [material] = await getDb()
    .select({ id: t.materials.id, title: t.materials.title })
    .from(t.materials)
    .where(
      and(
        eq(t.materials.world, world),
        eq(t.materials.priceCents, 0),
        eq(t.materials.isActive, true),
        sql`EXISTS (SELECT 1 FROM material_file_versions v WHERE v.material_id = ${t.materials.id})`,
      ),
    )
    .orderBy(t.materials.id)
    .limit(1);
  return material!;
}

async function renderPage(world: WorldCode, token: string): Promise<string> {
  translateInto(getWorld(world).language);
  const node = await FreeDownloadPage.render({
    world: getWorld(world),
    route: getRoute('free-download'),
    params: { token },
    userId: null,
    query: {},
  });
  return renderToStaticMarkup(node);
}

describe(`the free material's mail and link on ${BACKEND}`, () => {
  it('mails the teacher a link that downloads the stamped file without signing in, once per material', async () => {
    const me = await teacher('de');
    const material = await freeMaterial('de');
    const { order } = await claimFreeMaterial(me.id, 'de', material.id);
    await claimFreeMaterial(me.id, 'de', material.id);
    const mails = (await deliveredMail()).filter((mail) => mail.to.includes(me.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Dein kostenloses Material: ${material.title}`);
    const link = new URL(mails[0]!.text.match(/https?:\/\/\S+\/free-material-download\/\S+/)![0]);
    const token = link.pathname.split('/').pop()!;
    expect(link.pathname).toBe(pathFor('de', 'free-download', { token }));
    // The job keeps no secret: the token is made when the mail is written.
    const jobs = await getDb().execute(sql`SELECT data::text AS data FROM pgboss.job WHERE name = 'order-mail'`);
    expect(JSON.stringify(jobs.rows)).not.toContain(token);

    const page = await renderPage('de', token);
    expect(page).toContain('data-state="valid"');
    expect(page).toContain(material.title);
    const href = page.match(/href="(\/api\/v3\/downloads\/file\?t=[^"]+)"/)![1]!.replace(/&amp;/g, '&');
    const file = await fileRoute(apiRequest(href));
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect(order.provider).toBe('free');
  });

  it('writes the mail in the language of the world (gr)', async () => {
    const me = await teacher('gr');
    const material = await freeMaterial('gr');
    await claimFreeMaterial(me.id, 'gr', material.id);
    const [mail] = (await deliveredMail()).filter((m) => m.to.includes(me.email));
    expect(mail!.subject).toBe(`Το δωρεάν υλικό σας: ${material.title}`);
    expect(mail!.text).toContain(pathFor('gr', 'free-download', { token: 'x' }).replace(/x$/, ''));
  });

  it('says a forged, altered, expired, other-purpose or refunded link no longer works', async () => {
    const me = await teacher('de');
    const material = await freeMaterial('de');
    const { order } = await claimFreeMaterial(me.id, 'de', material.id);
    const good = createFreeDownloadToken(me.id, material.id);
    expect(await renderPage('de', good)).toContain('data-state="valid"');
    const [payload, signature] = good.split('.');
    const other = createFreeDownloadToken(me.id + 1, material.id).split('.')[0];
    const invalid = [
      '',
      'x'.repeat(43),
      `${payload}.${signature!.slice(0, -2)}AA`,
      `${other}.${signature}`,
      createFreeDownloadToken(me.id, material.id, Date.now() - FREE_DOWNLOAD_LINK_TTL_MS - 1000),
      createDownloadToken(me.id, material.id),
      'a'.repeat(5000),
    ];
    for (const token of invalid) {
      const page = await renderPage('de', token);
      expect(page).toContain('data-state="invalid"');
      expect(page).toContain('Dieser Link gilt nicht mehr');
      expect(page).not.toContain('/api/v3/downloads/file');
    }
    await refundOrder(order.id, { itemIds: 'all', to: 'credit' });
    expect(await renderPage('de', good)).toContain('data-state="invalid"');
  });
});
