import { desc, eq, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { parseTermsBody, termsBodyText, type StoredTermsBody } from '@/lib/legal/terms-body';
import type { WorldCode } from '@/lib/worlds/worlds';

export interface ActualTerms {
  id: number;
  world: string;
  version: number;
  title: string;
  /** The whole text, sections separated by blank lines: what the accept-terms prompt shows. */
  body: string;
  /** The language the text is written in; null for a version published as plain text. */
  language: StoredTermsBody['language'];
  /** The text per legal document kind (the terms page's anchored parts). */
  sections: StoredTermsBody['sections'];
  publishedAt: string;
}

/** A stored terms version as the API answers it. */
export function toActualTerms(row: typeof t.termsVersions.$inferSelect): ActualTerms {
  const body = parseTermsBody(row.body);
  return {
    id: row.id,
    world: row.world,
    version: row.version,
    title: row.title,
    body: termsBodyText(body),
    language: body.language,
    sections: body.sections,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/** The actual (highest published) terms of a world, or null while a world has none. */
export async function getActualTerms(world: WorldCode): Promise<ActualTerms | null> {
  const [row] = await getDb()
    .select()
    .from(t.termsVersions)
    .where(eq(t.termsVersions.world, world))
    .orderBy(desc(t.termsVersions.version))
    .limit(1);
  return row ? toActualTerms(row) : null;
}

/**
 * Whether the user accepted the actual terms of the world; a world without terms asks nothing.
 * One query, because validation asks it on every page load of a signed-in visitor.
 */
export async function hasAcceptedActualTerms(userId: number, world: WorldCode): Promise<boolean> {
  const result = await getDb().execute<{ accepted: boolean }>(sql`
    SELECT coalesce(
      (SELECT EXISTS (SELECT 1 FROM terms_acceptances a WHERE a.user_id = ${userId} AND a.terms_version_id = v.id)
       FROM terms_versions v WHERE v.world = ${world} ORDER BY v.version DESC LIMIT 1),
      true) AS accepted`);
  return result.rows[0]!.accepted;
}

/**
 * Records that the user accepted the world's actual terms. When the client names the version it
 * showed, a newer version published meanwhile is refused, so nobody accepts text they never saw.
 */
export async function acceptActualTerms(
  userId: number,
  world: WorldCode,
  shownVersionId?: number,
): Promise<ActualTerms | null> {
  const actual = await getActualTerms(world);
  if (!actual) return null;
  if (shownVersionId !== undefined && shownVersionId !== actual.id) {
    throw new AppError('conflict', undefined, { reason: 'terms_outdated', actual_terms_id: actual.id });
  }
  await getDb().insert(t.termsAcceptances).values({ userId, termsVersionId: actual.id }).onConflictDoNothing();
  return actual;
}
