import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';

/** Splits text into words on white space and punctuation (works for Greek and Cyrillic too). */
const SPLIT = `'[[:space:][:punct:]–„“”«»]+'`;

/**
 * Rebuilds the vocabulary that misspelt query words are corrected against: every word of at
 * least three letters in the active materials' titles, the keywords and the subjects, per world.
 * Run after bulk changes to the catalogue.
 */
export async function refreshSearchTerms(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM search_terms`);
  await db.execute(
    sql.raw(`INSERT INTO search_terms (world, term, display, frequency)
      SELECT world, kreide_unaccent(lower(word)), mode() WITHIN GROUP (ORDER BY word), count(*)::int FROM (
        SELECT world, regexp_split_to_table(title, ${SPLIT}) AS word FROM materials WHERE is_active AND deleted_at IS NULL
        UNION ALL SELECT world, regexp_split_to_table(title, ${SPLIT}) FROM keywords
        UNION ALL SELECT world, regexp_split_to_table(title, ${SPLIT}) FROM subjects
      ) words
      WHERE char_length(word) >= 3
      GROUP BY world, kreide_unaccent(lower(word))`),
  );
}

/**
 * Corrects each word of a query that is not in the world's vocabulary to the most similar word
 * that is (one or two letters off). Returns null when nothing needed correcting.
 */
export async function correctQuery(db: Database, world: string, text: string): Promise<string | null> {
  const words = text.split(/[\s\p{P}]+/u).filter((w) => w.length > 0);
  if (words.length === 0 || words.length > 8) return null;
  const result = await db.execute<{ word: string; correction: string | null }>(sql`
    SELECT w.word,
      (SELECT t.display FROM search_terms t
        WHERE t.world = ${world} AND t.term % kreide_unaccent(lower(w.word))
        ORDER BY similarity(t.term, kreide_unaccent(lower(w.word))) DESC, t.frequency DESC LIMIT 1) AS correction,
      EXISTS (SELECT 1 FROM search_terms t WHERE t.world = ${world} AND t.term = kreide_unaccent(lower(w.word))) AS known
    FROM unnest(ARRAY[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) WITH ORDINALITY AS w(word, position)
    ORDER BY w.position`);
  let changed = false;
  const corrected = result.rows.map((row) => {
    const known = (row as unknown as { known: boolean }).known;
    if (known || !row.correction || row.word.length < 3) return row.word;
    changed = true;
    return row.correction;
  });
  return changed ? corrected.join(' ') : null;
}
