import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { pathFor } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';

export interface Suggestions {
  materials: { id: number; title: string; path: string }[];
  authors: { id: number; name: string; path: string }[];
  subjects: { id: number; title: string; path: string }[];
}

/**
 * Words as a prefix tsquery on titles (weight A): every word must match, the last one as a
 * prefix ("bruch:A & rech:*A").
 */
export function prefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 6)
    .map((w, i, all) => (i === all.length - 1 ? `${w}:*A` : `${w}:A`))
    .join(' & ');
}

/**
 * Suggestions for the header search box as the visitor types: materials (full-text prefix match
 * in the world's language), authors and subjects whose names start with the text.
 */
export async function suggest(world: WorldCode, text: string): Promise<Suggestions> {
  const query = prefixQuery(text);
  if (!query) return { materials: [], authors: [], subjects: [] };
  const like = `${text.trim().toLowerCase()}%`;
  const result = await getDb().execute<{ kind: string; id: number; label: string; slug: string }>(sql`
    (SELECT 'material' AS kind, m.id, m.title AS label, m.slug FROM materials m
      WHERE m.world = ${world} AND m.is_active AND m.deleted_at IS NULL
        AND m.search_vector @@ to_tsquery(kreide_search_config(${world}), kreide_unaccent(${query}))
      ORDER BY m.sales_count DESC LIMIT 6)
    UNION ALL
    (SELECT 'author', u.id, u.public_name, u.slug FROM users u
      WHERE u.world = ${world} AND u.is_seller AND kreide_unaccent(lower(u.public_name)) LIKE kreide_unaccent(${like})
      ORDER BY u.public_name LIMIT 3)
    UNION ALL
    (SELECT 'subject', s.id, s.title, s.slug FROM subjects s
      WHERE s.world = ${world} AND kreide_unaccent(lower(s.title)) LIKE kreide_unaccent(${like})
      ORDER BY s.position LIMIT 3)`);
  const searchPath = pathFor(world, 'search');
  const rows = result.rows;
  return {
    materials: rows
      .filter((r) => r.kind === 'material')
      .map((r) => ({ id: r.id, title: r.label, path: pathFor(world, 'material', { id: String(r.id), slug: r.slug }) })),
    authors: rows
      .filter((r) => r.kind === 'author')
      .map((r) => ({ id: r.id, name: r.label, path: pathFor(world, 'author', { id: String(r.id), slug: r.slug }) })),
    subjects: rows
      .filter((r) => r.kind === 'subject')
      .map((r) => ({ id: r.id, title: r.label, path: `${searchPath}?subject=${r.id}` })),
  };
}
