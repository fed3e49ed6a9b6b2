import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { serializeTermsBody } from '@/lib/legal/terms-body';
import { WORLD_CODES, getWorld } from '@/lib/worlds/worlds';
import { SEED_TERMS } from './terms-texts';

/** The first terms version of a world: in its own language where we have one, else in English. */
function firstTermsOf(world: (typeof WORLD_CODES)[number]) {
  const language = getWorld(world).language;
  return language in SEED_TERMS ? SEED_TERMS[language as keyof typeof SEED_TERMS] : SEED_TERMS.en;
}

/** Publishes version 1 of every world's terms and lets the given (demo) users accept them all. */
export async function seedTerms(db: Database, acceptedBy: number[]): Promise<void> {
  const versions = await db
    .insert(t.termsVersions)
    .values(
      WORLD_CODES.map((world) => {
        const terms = firstTermsOf(world);
        return { world, version: 1, title: terms.title, body: serializeTermsBody(terms.body) };
      }),
    )
    .returning({ id: t.termsVersions.id });
  const acceptances = acceptedBy.flatMap((userId) => versions.map((v) => ({ userId, termsVersionId: v.id })));
  if (acceptances.length) await db.insert(t.termsAcceptances).values(acceptances);
}
