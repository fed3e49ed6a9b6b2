import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';

export interface UserSubjectsView {
  /** Every subject of the world, in the world's order, with whether the user teaches it. */
  subjects: { id: number; key: string; title: string; selected: boolean }[];
  selected_ids: number[];
}

/** The world's subjects with the user's choice among them. */
export async function getUserSubjects(userId: number, world: WorldCode): Promise<UserSubjectsView> {
  const db = getDb();
  const [subjects, chosen] = await Promise.all([
    db
      .select({ id: t.subjects.id, key: t.subjects.key, title: t.subjects.title })
      .from(t.subjects)
      .where(eq(t.subjects.world, world))
      .orderBy(asc(t.subjects.position), asc(t.subjects.id)),
    db
      .select({ id: t.userSubjects.subjectId })
      .from(t.userSubjects)
      .innerJoin(t.subjects, eq(t.subjects.id, t.userSubjects.subjectId))
      .where(and(eq(t.userSubjects.userId, userId), eq(t.subjects.world, world))),
  ]);
  const selected = new Set(chosen.map((row) => row.id));
  return {
    subjects: subjects.map((subject) => ({ ...subject, selected: selected.has(subject.id) })),
    selected_ids: subjects.filter((subject) => selected.has(subject.id)).map((subject) => subject.id),
  };
}

/**
 * Replaces the user's subjects in this world with `subjectIds`. Every id must be a subject of
 * the world; otherwise nothing changes and the answer names the offending entries. Choices in
 * other worlds stay as they are.
 */
export async function saveUserSubjects(
  userId: number,
  world: WorldCode,
  subjectIds: number[],
): Promise<UserSubjectsView> {
  const db = getDb();
  const known = subjectIds.length
    ? new Set(
        (
          await db
            .select({ id: t.subjects.id })
            .from(t.subjects)
            .where(and(eq(t.subjects.world, world), inArray(t.subjects.id, subjectIds)))
        ).map((row) => row.id),
      )
    : new Set<number>();
  const unknown = subjectIds.flatMap((id, index) =>
    known.has(id)
      ? []
      : [{ path: `subject_ids.${index}`, message: `No subject ${id} in world ${world}`, code: 'unknown_subject' }],
  );
  if (unknown.length) throw new AppError('validation_failed', undefined, unknown);
  await db.transaction(async (tx) => {
    const worldSubjects = tx.select({ id: t.subjects.id }).from(t.subjects).where(eq(t.subjects.world, world));
    await tx
      .delete(t.userSubjects)
      .where(and(eq(t.userSubjects.userId, userId), inArray(t.userSubjects.subjectId, worldSubjects)));
    if (subjectIds.length) {
      await tx
        .insert(t.userSubjects)
        .values(subjectIds.map((subjectId) => ({ userId, subjectId })))
        .onConflictDoNothing();
    }
  });
  return getUserSubjects(userId, world);
}
