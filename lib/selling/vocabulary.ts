import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { cached } from '@/lib/cache/cached';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';

export interface VocabularyValue {
  id: number;
  title: string;
}

/** The classification values a seller chooses from in a world (the catalogue's own vocabularies). */
export interface SellerVocabulary {
  subjects: VocabularyValue[];
  grades: VocabularyValue[];
  learningYears: VocabularyValue[];
  materialTypes: VocabularyValue[];
  keywords: VocabularyValue[];
  lessons: VocabularyValue[];
}

async function sellerVocabularyNow(world: WorldCode): Promise<SellerVocabulary> {
  const db = getDb();
  // One after another: the embedded database answers one query at a time anyway.
  const subjects = await db
    .select({ id: t.subjects.id, title: t.subjects.title })
    .from(t.subjects)
    .where(eq(t.subjects.world, world))
    .orderBy(asc(t.subjects.position));
  const grades = await db
    .select({ id: t.grades.id, title: t.grades.title })
    .from(t.grades)
    .where(eq(t.grades.world, world))
    .orderBy(asc(t.grades.level));
  const learningYears = await db
    .select({ id: t.learningYears.id, title: t.learningYears.title })
    .from(t.learningYears)
    .where(eq(t.learningYears.world, world))
    .orderBy(asc(t.learningYears.position));
  const materialTypes = await db
    .select({ id: t.materialTypes.id, title: t.materialTypes.title })
    .from(t.materialTypes)
    .where(eq(t.materialTypes.world, world))
    .orderBy(asc(t.materialTypes.id));
  const keywords = await db
    .select({ id: t.keywords.id, title: t.keywords.title })
    .from(t.keywords)
    .where(eq(t.keywords.world, world))
    .orderBy(asc(t.keywords.title));
  const lessons = await db
    .select({ id: t.lessons.id, title: t.lessons.title })
    .from(t.lessons)
    .where(eq(t.lessons.world, world))
    .orderBy(asc(t.lessons.title));
  return { subjects, grades, learningYears, materialTypes, keywords, lessons };
}

/** Cached with the world's lists: vocabularies change with the catalogue's, rarely. */
export const sellerVocabulary = cached(
  sellerVocabularyNow,
  CACHE_KEYS.sellerVocabulary,
  (world: WorldCode) => [TAGS.world(world)],
  600,
);
