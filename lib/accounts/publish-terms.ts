import { sql } from 'drizzle-orm';
import { invalidateTerms } from '@/lib/cache/invalidate';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { serializeTermsBody, type TermsBody } from '@/lib/legal/terms-body';
import type { WorldCode } from '@/lib/worlds/worlds';
import { toActualTerms, type ActualTerms } from './terms';

// Apart from lib/accounts/terms.ts, which validation and the account jobs import: expiring the
// cache loads next/cache, which cannot load in server.ts's own module graph (no request storage).

/**
 * Publishes a new version of a world's terms (admin); it becomes the actual one at once, and the
 * world's terms pages are expired. The number is taken in the insert itself; two admins publishing
 * at the same moment meet the unique index, and the API answers the later one 409.
 */
export async function publishTerms(world: WorldCode, input: { title: string; body: TermsBody }): Promise<ActualTerms> {
  const [row] = await getDb()
    .insert(t.termsVersions)
    .values({
      world,
      version: sql`(SELECT coalesce(max(version), 0) + 1 FROM terms_versions WHERE world = ${world})`,
      title: input.title,
      body: serializeTermsBody(input.body),
    })
    .returning();
  await invalidateTerms(world);
  return toActualTerms(row!);
}
