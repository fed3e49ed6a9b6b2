import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { FontsToolsPage, MaterialSharingPage, SharePage } from '@/components/selling/share-pages';
import { createAccount } from '@/lib/accounts/accounts';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { pathFor } from '@/lib/routing/localized-routes';
import { getRoute, type RouteId } from '@/lib/routing/routes';
import { FONTS_AND_TOOLS } from '@/lib/selling/fonts-tools';
import { becomeSeller } from '@/lib/selling/seller-materials';
import { getPublicOrigin } from '@/lib/seo/origin';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import german from '@/messages/de/seller.json';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { escapedHtml, renderHtml } from './support/render';

/**
 * The cabinet's sharing pages as the cabinet renders them (the views named for
 * components/areas/views/cabinet.ts, with the query the area's page hands them), against the
 * demo catalogue.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
}, 120_000);
afterAll(() => database.stop());

async function userId(email: string) {
  const [row] = await getDb().select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
  return row!.id;
}

const props = (
  route: RouteId,
  user: number | null,
  query: AreaPageProps['query'] = {},
  world: WorldCode = 'de',
): AreaPageProps => ({ world: getWorld(world), route: getRoute(route), params: {}, query, userId: user });

/** Every link that leaves Kreide opens without telling the other site where it came from. */
function expectSafeOutboundLinks(page: string) {
  const outbound = [...page.matchAll(/<a [^>]*href="(https?:\/\/[^"]+|mailto:[^"]+)"[^>]*>/g)].filter(
    ([, href]) => !href!.startsWith(getPublicOrigin()),
  );
  expect(outbound.length).toBeGreaterThan(0);
  for (const [tag] of outbound) expect(tag).toContain('rel="noopener noreferrer"');
}

describe(`the sharing pages on ${BACKEND}`, () => {
  it('offers the seller’s published materials, newest first, and shares the chosen one', async () => {
    const seller = await userId(DEMO_ACCOUNTS.seller);
    const published = await getDb()
      .select({ id: t.materials.id, slug: t.materials.slug, title: t.materials.title })
      .from(t.materials)
      .where(and(eq(t.materials.authorId, seller), eq(t.materials.isActive, true), eq(t.materials.status, 'published')))
      .orderBy(sql`${t.materials.publishedAt} DESC NULLS LAST`, desc(t.materials.id));
    expect(published.length).toBeGreaterThan(1);

    const page = await renderHtml(await MaterialSharingPage.render(props('cabinet-material-sharing', seller)));
    expect(page.match(/<option /g)).toHaveLength(Math.min(published.length, 500));
    expect(page).toContain(`action="${pathFor('de', 'cabinet-material-sharing')}"`);
    expect(page).toMatch(/<form[^>]*method="get"/);
    const first = published[0]!;
    expect(page).toContain(`data-material-id="${first.id}"`);
    const url = `${getPublicOrigin()}${pathFor('de', 'material', { id: String(first.id), slug: first.slug })}`;
    expect(page).toContain(`href="${url}"`);
    expect(page).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}"`);
    expect(page).toContain(`src="/api/v3/seller/materials/${first.id}/share-card?world=de"`);
    expect(page).toContain(`download="kreide-${first.id}.png"`);
    for (const target of ['email', 'whatsapp', 'facebook', 'pinterest', 'x', 'linkedin'])
      expect(page).toContain(`data-share-target="${target}"`);
    expect(page).toContain(escapedHtml(german.sharing.link.copy));
    expect(page).not.toMatch(/<iframe|<embed|<object|<script src/);
    expectSafeOutboundLinks(page);

    const second = published[1]!;
    const chosen = await renderHtml(
      await MaterialSharingPage.render(props('cabinet-material-sharing', seller, { material: String(second.id) })),
    );
    expect(chosen).toContain(`data-material-id="${second.id}"`);
    expect(chosen).toMatch(new RegExp(`<option value="${second.id}" selected=""`));
  });

  it('says so for a material that is not the seller’s to share, and for one that is no id', async () => {
    const seller = await userId(DEMO_ACCOUNTS.seller);
    const [foreign] = await getDb()
      .select({ id: t.materials.id })
      .from(t.materials)
      .where(and(ne(t.materials.authorId, seller), eq(t.materials.isActive, true)))
      .limit(1);
    for (const material of [String(foreign!.id), 'abc', '0', '2147483648', [String(foreign!.id), '1']]) {
      const page = await renderHtml(
        await MaterialSharingPage.render(props('cabinet-material-sharing', seller, { material })),
      );
      expect(page).toContain('data-testid="sharing-unknown"');
      expect(page).not.toContain('data-testid="sharing-material"');
      // The form stays, to pick one of theirs.
      expect(page).toContain('<select');
    }
  });

  it('tells a new seller that there is nothing published to share yet', async () => {
    const { id } = await createAccount({
      email: `share-pages-${Date.now()}@example.test`,
      publicName: 'Neue Verkäuferin',
      world: 'de',
      passwordHash: null,
      status: 'active',
      creationSource: 'test',
    });
    await becomeSeller(id);
    const page = await renderHtml(await MaterialSharingPage.render(props('cabinet-material-sharing', id)));
    expect(page).toContain('data-testid="sharing-none"');
    expect(page).toContain(`href="${pathFor('de', 'cabinet-materials')}"`);
  });

  it('sends a teacher who does not sell to their materials page', async () => {
    const buyer = await userId(DEMO_ACCOUNTS.buyer);
    const page = await renderHtml(await MaterialSharingPage.render(props('cabinet-material-sharing', buyer)));
    expect(page).toContain('data-testid="sharing-not-seller"');
    expect(page).toContain(`href="${pathFor('de', 'cabinet-materials')}"`);
    expect(page).not.toContain('<select');
  });

  it('shares the invitation link, and a seller’s author page too', async () => {
    const seller = await userId(DEMO_ACCOUNTS.seller);
    const [user] = await getDb().select({ slug: t.users.slug }).from(t.users).where(eq(t.users.id, seller));
    const [state] = await getDb()
      .select({ code: t.accountStates.inviteCode })
      .from(t.accountStates)
      .where(eq(t.accountStates.userId, seller));
    const page = await renderHtml(await SharePage.render(props('cabinet-share', seller, {}, 'fr')));
    const invite = `${getPublicOrigin()}${pathFor('fr', 'invitation', { code: state!.code })}`;
    const author = `${getPublicOrigin()}${pathFor('fr', 'author', { id: String(seller), slug: user!.slug })}`;
    expect(page).toContain(`href="${invite}"`);
    expect(page).toContain(`href="${author}"`);
    expect(page).toContain(`https://wa.me/?text=`);
    expect(page).toContain(encodeURIComponent(invite));
    expect(page).toContain('data-testid="share-invite-copy"');
    expect(page).toContain('data-testid="share-author-copy"');
    expectSafeOutboundLinks(page);

    const buyer = await userId(DEMO_ACCOUNTS.buyer);
    const buyerPage = await renderHtml(await SharePage.render(props('cabinet-share', buyer)));
    expect(buyerPage).toContain('data-testid="share-invite"');
    expect(buyerPage).not.toContain('data-testid="share-author"');
  });

  it('lists fonts and tools grouped, filtered by kind, with their licences and safe links', async () => {
    const all = await renderHtml(await FontsToolsPage.render(props('cabinet-fonts-tools', null)));
    expect(all).toContain('data-testid="fonts-tools-font"');
    expect(all).toContain('data-testid="fonts-tools-tool"');
    expect(all.match(/data-resource="/g)).toHaveLength(FONTS_AND_TOOLS.length);
    for (const entry of FONTS_AND_TOOLS) expect(all).toContain(`href="${entry.url}"`);
    expectSafeOutboundLinks(all);
    expect(all).toContain(escapedHtml(german.fontsTools.cost['free-non-commercial']));
    expect(all).toContain(`href="${pathFor('de', 'cabinet-fonts-tools')}?kind=font"`);
    // The German school fonts lead in the de world.
    expect(all.indexOf('data-resource="playwrite-de-grund"')).toBeLessThan(all.indexOf('data-resource="andika"'));

    const tools = await renderHtml(await FontsToolsPage.render(props('cabinet-fonts-tools', null, { kind: 'tool' })));
    expect(tools).not.toContain('data-testid="fonts-tools-font"');
    expect(tools.match(/data-resource="/g)).toHaveLength(FONTS_AND_TOOLS.filter((e) => e.kind === 'tool').length);
    expect(tools).toMatch(/href="[^"]*\?kind=tool" aria-current="page"/);

    const greek = await renderHtml(
      await FontsToolsPage.render(props('cabinet-fonts-tools', null, { kind: 'font' }, 'gr')),
    );
    expect(greek).toContain(FONTS_AND_TOOLS.find((e) => e.id === 'noto-sans')!.description.el);
    const polish = await renderHtml(await FontsToolsPage.render(props('cabinet-fonts-tools', null, {}, 'pl')));
    expect(polish).toContain(`<p lang="en">${escapedHtml(FONTS_AND_TOOLS[0]!.description.en)}</p>`);
  });
});
