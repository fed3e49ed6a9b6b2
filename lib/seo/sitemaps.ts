import 'server-only';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { pathFor } from '@/lib/routing/localized-routes';
import { ROUTES, type RouteId } from '@/lib/routing/routes';
import { WORLD_CODES, type WorldCode } from '@/lib/worlds/worlds';
import { getPublicOrigin } from './origin';

/** The sitemap protocol's limit per file. */
export const SITEMAP_URL_LIMIT = 50_000;
export const SITEMAP_KINDS = ['materials', 'authors', 'landings'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

async function countFor(world: WorldCode, kind: SitemapKind): Promise<number> {
  const db = getDb();
  if (kind === 'materials') {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.materials)
      .where(and(eq(t.materials.world, world), eq(t.materials.isActive, true), isNull(t.materials.deletedAt)));
    return row?.n ?? 0;
  }
  if (kind === 'authors') {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.users)
      .innerJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
      .where(and(eq(t.users.world, world), eq(t.users.isSeller, true), eq(t.authorProfiles.privateProfile, false)));
    return row?.n ?? 0;
  }
  return 1;
}

/** Every sitemap file of the index: per world and kind, split into files of at most 50,000 URLs. */
export async function listSitemapFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const world of WORLD_CODES) {
    for (const kind of SITEMAP_KINDS) {
      const count = await countFor(world, kind);
      if (count === 0) continue;
      const pages = Math.max(1, Math.ceil(count / SITEMAP_URL_LIMIT));
      for (let page = 1; page <= pages; page++) files.push(`/sitemaps/${world}/${kind}-${page}.xml`);
    }
  }
  return files;
}

/** Public, indexable routes without params: every world's landing pages. */
const STATIC_LANDINGS = ROUTES.filter((r) => r.robots === 'index' && !r.de.includes(':')).map((r) => r.id as RouteId);

/** The URLs of one sitemap file; keyset-paginated so a file never scans past its own rows. */
export async function listSitemapEntries(world: WorldCode, kind: SitemapKind, page: number): Promise<SitemapEntry[]> {
  const db = getDb();
  const offset = (page - 1) * SITEMAP_URL_LIMIT;
  if (kind === 'materials') {
    const rows = await db
      .select({ id: t.materials.id, slug: t.materials.slug, updatedAt: t.materials.updatedAt })
      .from(t.materials)
      .where(
        and(
          eq(t.materials.world, world),
          eq(t.materials.isActive, true),
          isNull(t.materials.deletedAt),
          gt(t.materials.id, 0),
        ),
      )
      .orderBy(asc(t.materials.id))
      .limit(SITEMAP_URL_LIMIT)
      .offset(offset);
    return rows.map((r) => ({
      path: pathFor(world, 'material', { id: String(r.id), slug: r.slug }),
      lastModified: r.updatedAt,
    }));
  }
  if (kind === 'authors') {
    const rows = await db
      .select({ id: t.users.id, slug: t.users.slug })
      .from(t.users)
      .innerJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
      .where(and(eq(t.users.world, world), eq(t.users.isSeller, true), eq(t.authorProfiles.privateProfile, false)))
      .orderBy(asc(t.users.id))
      .limit(SITEMAP_URL_LIMIT)
      .offset(offset);
    return rows.map((r) => ({ path: pathFor(world, 'author', { id: String(r.id), slug: r.slug }) }));
  }
  const entries: SitemapEntry[] = STATIC_LANDINGS.map((id) => ({ path: pathFor(world, id) }));
  const keywords = await db
    .select({ id: t.keywords.id, slug: t.keywords.slug })
    .from(t.keywords)
    .where(eq(t.keywords.world, world))
    .orderBy(asc(t.keywords.id))
    .limit(20_000);
  entries.push(
    ...keywords.map((k) => ({ path: pathFor(world, 'keyword-landing', { id: String(k.id), slug: [k.slug] }) })),
  );
  const lessons = await db
    .select({ id: t.lessons.id, slug: t.lessons.slug })
    .from(t.lessons)
    .where(eq(t.lessons.world, world))
    .orderBy(asc(t.lessons.id))
    .limit(10_000);
  entries.push(
    ...lessons.map((l) => ({ path: pathFor(world, 'lesson-landing', { id: String(l.id), slug: [l.slug] }) })),
  );
  const schools = await db
    .select({ id: t.schools.id, slug: t.schools.slug })
    .from(t.schools)
    .where(eq(t.schools.world, world))
    .orderBy(asc(t.schools.id))
    .limit(10_000);
  entries.push(
    ...schools.map((s) => ({ path: pathFor(world, 'school-landing', { school: s.slug, id: String(s.id), slug: [] }) })),
  );
  return entries.slice(0, SITEMAP_URL_LIMIT);
}

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function renderSitemapIndex(files: string[]): string {
  const origin = getPublicOrigin();
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map((f) => `<sitemap><loc>${escapeXml(origin + f)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
}

export function renderUrlSet(entries: SitemapEntry[]): string {
  const origin = getPublicOrigin();
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
