import 'server-only';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { listListLandingMaterials } from '@/lib/catalog/landings';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { pathFor } from '@/lib/routing/localized-routes';
import { ROUTES, type RouteId } from '@/lib/routing/routes';
import { WORLD_CODES, type WorldCode } from '@/lib/worlds/worlds';
import { getPublicOrigin } from './origin';

/** The sitemap protocol's limit per file. */
export const SITEMAP_URL_LIMIT = 50_000;
export const SITEMAP_KINDS = ['materials', 'authors', 'posts', 'landings'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

export interface SitemapOptions {
  /**
   * Whether a public route's page is finished (components/pages/finished-pages.ts): a page still
   * being built is never listed. Handed in, so this module needs no view code.
   */
  isFinished: (id: RouteId) => boolean;
  /** URLs per file: the protocol's limit; a test lowers it to see files split. */
  urlLimit?: number;
}

const ACTIVE_MATERIAL = sql`m.is_active AND m.deleted_at IS NULL`;

/** A world's listable materials: the ones their page shows (active, not deleted). */
const materialsOf = (world: WorldCode) =>
  and(eq(t.materials.world, world), eq(t.materials.isActive, true), isNull(t.materials.deletedAt));

/** A world's listable authors: sellers whose profile is public (a private one is noindex). */
const authorsOf = (world: WorldCode) =>
  and(eq(t.users.world, world), eq(t.users.isSeller, true), eq(t.authorProfiles.privateProfile, false));

/** A world's listable blog posts: the published ones, which the blog-post page shows. */
const postsOf = (world: WorldCode) =>
  and(eq(t.blogPosts.world, world), eq(t.blogPosts.status, 'published'), isNotNull(t.blogPosts.publishedAt));

/**
 * Keyword, lesson and school landings of a world that have at least one material: an empty one
 * is noindex (components/pages/landing-page.tsx). One ordered list, so files split anywhere in it.
 */
function entityLandings(world: WorldCode) {
  return sql`
    SELECT 1 AS kind, k.id, k.slug, NULL::text AS school FROM keywords k
    WHERE k.world = ${world} AND EXISTS (
      SELECT 1 FROM material_keywords j JOIN materials m ON m.id = j.material_id WHERE j.keyword_id = k.id AND ${ACTIVE_MATERIAL})
    UNION ALL
    SELECT 2, l.id, l.slug, NULL FROM lessons l
    WHERE l.world = ${world} AND EXISTS (
      SELECT 1 FROM material_lessons j JOIN materials m ON m.id = j.material_id WHERE j.lesson_id = l.id AND ${ACTIVE_MATERIAL})
    UNION ALL
    SELECT 3, s.id, NULL, s.slug FROM schools s
    WHERE s.world = ${world} AND EXISTS (
      SELECT 1 FROM material_schools j JOIN materials m ON m.id = j.material_id WHERE j.school_id = s.id AND ${ACTIVE_MATERIAL})`;
}

const ENTITY_LANDING_ROUTES = { 1: 'keyword-landing', 2: 'lesson-landing', 3: 'school-landing' } as const;

/**
 * The landings without params that a world lists: finished, indexable and, for the world-wide
 * lists, not empty (an empty offers page is noindex, as the page itself says).
 */
async function staticLandings(world: WorldCode, isFinished: (id: RouteId) => boolean): Promise<SitemapEntry[]> {
  const routes = ROUTES.filter(
    (r) => r.area === 'public' && r.robots === 'index' && !r.de.includes(':') && isFinished(r.id),
  ).map((r) => r.id as RouteId);
  const listed: SitemapEntry[] = [];
  for (const id of routes) {
    if ((id === 'offers' || id === 'recommendations') && (await listListLandingMaterials(world, id)).length === 0)
      continue;
    listed.push({ path: pathFor(world, id) });
  }
  return listed;
}

async function countFor(world: WorldCode, kind: SitemapKind, options: SitemapOptions): Promise<number> {
  const db = getDb();
  const count = sql<number>`count(*)::int`;
  if (kind === 'materials') {
    const [row] = await db.select({ n: count }).from(t.materials).where(materialsOf(world));
    return row?.n ?? 0;
  }
  if (kind === 'authors') {
    const [row] = await db
      .select({ n: count })
      .from(t.users)
      .innerJoin(t.authorProfiles, eq(t.authorProfiles.userId, t.users.id))
      .where(authorsOf(world));
    return row?.n ?? 0;
  }
  if (kind === 'posts') {
    const [row] = await db.select({ n: count }).from(t.blogPosts).where(postsOf(world));
    return row?.n ?? 0;
  }
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (${entityLandings(world)}) landings`,
  );
  return (await staticLandings(world, options.isFinished)).length + (result.rows[0]?.n ?? 0);
}

/**
 * Every sitemap file of the index: per world and kind, split into files of at most
 * `urlLimit` URLs (the protocol's 50,000), none for a kind a world has nothing of.
 */
export async function listSitemapFiles(options: SitemapOptions): Promise<string[]> {
  const limit = options.urlLimit ?? SITEMAP_URL_LIMIT;
  const files: string[] = [];
  for (const world of WORLD_CODES) {
    for (const kind of SITEMAP_KINDS) {
      const count = await countFor(world, kind, options);
      for (let page = 1; page <= Math.ceil(count / limit); page++) files.push(`/sitemaps/${world}/${kind}-${page}.xml`);
    }
  }
  return files;
}

/**
 * The URLs of one sitemap file: the `page`-th run of `urlLimit` URLs of the kind, in id order;
 * empty past the end. Every URL is the canonical address of a page that answers 200 and may be
 * indexed.
 */
export async function listSitemapEntries(
  world: WorldCode,
  kind: SitemapKind,
  page: number,
  options: SitemapOptions,
): Promise<SitemapEntry[]> {
  const db = getDb();
  const limit = options.urlLimit ?? SITEMAP_URL_LIMIT;
  const offset = (page - 1) * limit;
  if (kind === 'materials') {
    const rows = await db
      .select({ id: t.materials.id, slug: t.materials.slug, updatedAt: t.materials.updatedAt })
      .from(t.materials)
      .where(materialsOf(world))
      .orderBy(asc(t.materials.id))
      .limit(limit)
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
      .where(authorsOf(world))
      .orderBy(asc(t.users.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ path: pathFor(world, 'author', { id: String(r.id), slug: r.slug }) }));
  }
  if (kind === 'posts') {
    const rows = await db
      .select({ id: t.blogPosts.id, updatedAt: t.blogPosts.updatedAt })
      .from(t.blogPosts)
      .where(postsOf(world))
      .orderBy(asc(t.blogPosts.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ path: pathFor(world, 'blog-post', { id: String(r.id) }), lastModified: r.updatedAt }));
  }
  // Landings: the routes without params first, then the entity landings.
  const fixed = await staticLandings(world, options.isFinished);
  const entries = fixed.slice(offset, offset + limit);
  const result = await db.execute<{ kind: 1 | 2 | 3; id: number; slug: string | null; school: string | null }>(sql`
    SELECT kind, id, slug, school FROM (${entityLandings(world)}) landings ORDER BY kind, id
    LIMIT ${limit - entries.length} OFFSET ${Math.max(0, offset - fixed.length)}`);
  for (const row of result.rows) {
    const route = ENTITY_LANDING_ROUTES[row.kind];
    entries.push({
      path:
        route === 'school-landing'
          ? pathFor(world, route, { school: row.school!, id: String(row.id), slug: [] })
          : pathFor(world, route, { id: String(row.id), slug: [row.slug!] }),
    });
  }
  return entries;
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
