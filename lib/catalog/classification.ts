import 'server-only';
import { sql } from 'drizzle-orm';
import { cached } from '@/lib/cache/cached';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import type { WorldCode } from '@/lib/worlds/worlds';
import { SCHOOL_TYPES } from './school-types';

export interface FilterValue {
  id: number;
  title: string;
  count: number;
}

/**
 * The catalogue filters (grade, learning years, material type, subject) with how many active
 * materials each value has.
 */
export interface Filters {
  class_grade: FilterValue[];
  learning_years: FilterValue[];
  material_type: FilterValue[];
  subject: FilterValue[];
}

async function countBy(world: WorldCode, table: string, joinTable: string, joinColumn: string, order: string) {
  const result = await getDb().execute<{ id: number; title: string; count: number }>(
    sql.raw(`SELECT v.id, v.title, count(m.id)::int AS count
      FROM ${table} v
      LEFT JOIN ${joinTable} j ON j.${joinColumn} = v.id
      LEFT JOIN materials m ON m.id = j.material_id AND m.is_active AND m.deleted_at IS NULL
      WHERE v.world = '${world}'
      GROUP BY v.id, v.title, v.${order}
      ORDER BY v.${order}`),
  );
  return result.rows;
}

/** `GET v1/filters`: the filter values of a world. */
export const getFilters = cached(
  async (world: WorldCode): Promise<Filters> => {
    // Sequential on purpose: PGlite answers one query at a time anyway.
    const class_grade = await countBy(world, 'grades', 'material_grades', 'grade_id', 'level');
    const learning_years = await countBy(
      world,
      'learning_years',
      'material_learning_years',
      'learning_year_id',
      'position',
    );
    const material_type = await countBy(world, 'material_types', 'material_material_types', 'material_type_id', 'id');
    const subject = await countBy(world, 'subjects', 'material_subjects', 'subject_id', 'position');
    return { class_grade, learning_years, material_type, subject };
  },
  CACHE_KEYS.filters,
  (world: WorldCode) => [TAGS.world(world)],
  600,
);

/** One school type's entry of the subject mega menu: its grades and subjects with material counts. */
export interface MegaMenuSchool {
  type: string;
  school_name: string;
  grades: { id: number; title: string }[];
  subjects: { id: number; doc_count: number; material_category: string; slug: string }[];
}

/** Grade levels that belong to each school type, to show the right grades per column. */
const GRADE_LEVELS: Record<string, [number, number]> = {
  alle: [1, 13],
  kita: [0, 0],
  grundschule: [1, 4],
  'sek1-mittel': [5, 10],
  'sek1-gym': [5, 10],
  sek2: [11, 13],
  berufsschule: [10, 13],
  foerder: [1, 10],
  erwachsene: [0, 0],
};

/**
 * `GET v3/mega-menu/get-subjects`: per school type, the subjects with their material counts.
 * `schoolNames` are the translated school type titles.
 */
export const getMegaMenu = cached(
  async (world: WorldCode, schoolNames: Record<string, string>): Promise<MegaMenuSchool[]> => {
    const db = getDb();
    const counts = await db.execute<{
      school_type: string;
      id: number;
      title: string;
      slug: string;
      doc_count: number;
    }>(sql`
      SELECT st.school_type, s.id, s.title, s.slug, count(*)::int AS doc_count
      FROM material_school_types st
      JOIN materials m ON m.id = st.material_id AND m.is_active AND m.deleted_at IS NULL AND m.world = ${world}
      JOIN material_subjects ms ON ms.material_id = m.id
      JOIN subjects s ON s.id = ms.subject_id
      GROUP BY st.school_type, s.id, s.title, s.slug, s.position
      ORDER BY st.school_type, s.position`);
    const grades = await db.execute<{ id: number; title: string; level: number }>(
      sql`SELECT id, title, level FROM grades WHERE world = ${world} ORDER BY level`,
    );
    return SCHOOL_TYPES.filter((type) => type !== 'alle').map((type) => {
      const [from, to] = GRADE_LEVELS[type]!;
      return {
        type,
        school_name: schoolNames[type] ?? type,
        grades: grades.rows.filter((g) => g.level >= from && g.level <= to).map((g) => ({ id: g.id, title: g.title })),
        subjects: counts.rows
          .filter((row) => row.school_type === type)
          .map((row) => ({ id: row.id, doc_count: row.doc_count, material_category: row.title, slug: row.slug })),
      };
    });
  },
  CACHE_KEYS.megaMenu,
  (world: WorldCode) => [TAGS.world(world)],
  600,
);
