import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { FOLDER_LIMITS, FOLDER_TYPES, type FolderType } from './limits';
import type { FolderCreate, FolderQuery, FolderUpdate } from './schemas';
import { pathTo, subtreeIds, wouldMakeCycle, type FolderNode } from './tree';

/** A folder as the calls answer it (SPEC §3 Folder), with how many of its materials are shown. */
export interface Folder {
  id: number;
  title: string;
  parent_id: number | null;
  is_archive: boolean;
  folder_type: FolderType;
  materials_count: number;
  created_at: string;
}

export interface FolderPage {
  items: Folder[];
  total: number;
  page: number;
  limit: number;
}

interface FolderRow extends FolderNode {
  folder_type: FolderType;
  is_archive: boolean;
}

/**
 * The ids of the materials a folder's kind holds for the account right now, as a subquery for
 * `IN (…)`: bought (an active licence, even when the material was deleted since: its download
 * stays too), the account's own material while not deleted, a favourite while it is shown. A
 * placement whose material drops out stays stored and comes back with it (a favourite kept
 * again, a refund reversed); it is never shown or counted meanwhile. PostgreSQL hashes the
 * subquery once, so a list reads only the account's own rows, never the whole catalogue (a test
 * on every material of 100,000 cost the folder page 100 ms).
 */
export function heldIds(userId: number, folderType: FolderType): SQL {
  switch (folderType) {
    case 'purchased':
      return sql`SELECT held_l.material_id FROM ${t.licences} held_l WHERE held_l.user_id = ${userId} AND held_l.revoked_at IS NULL`;
    case 'own':
      return sql`SELECT held_m.id FROM ${t.materials} held_m WHERE held_m.author_id = ${userId} AND held_m.deleted_at IS NULL`;
    case 'favorite':
      return sql`SELECT held_v.material_id FROM ${t.favourites} held_v JOIN ${t.materials} held_m ON held_m.id = held_v.material_id WHERE held_v.user_id = ${userId} AND held_m.is_active AND held_m.deleted_at IS NULL`;
  }
}

/** Whether one material (a column or value) is held by the kind for the account. */
export function heldBy(userId: number, folderType: FolderType, material: SQL): SQL {
  return sql`${material} IN (${heldIds(userId, folderType)})`;
}

/**
 * Takes the account's row lock (FOR NO KEY UPDATE, as buying and favourites do), so one account's
 * folder writes run one after another: two moves at once can never each see the tree without
 * the other's move and together make a cycle, and no limit can be passed by writing twice.
 */
export async function lockAccount(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM ${t.users} WHERE ${t.users.id} = ${userId} FOR NO KEY UPDATE`);
}

/** Every folder of the account (at most 500): the tree the rules work on. */
export async function accountFolders(tx: Executor, userId: number): Promise<FolderRow[]> {
  const rows = await tx.execute<{ id: number; parent_id: number | null; folder_type: FolderType; is_archive: boolean }>(
    sql`SELECT id, parent_id, folder_type, is_archive FROM ${t.folders} WHERE user_id = ${userId}`,
  );
  return rows.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
  }));
}

/** The named folders of the account, or a 404 that says nothing about anyone else's. */
export function ownFolders(all: FolderRow[], ids: readonly number[]): FolderRow[] {
  const byId = new Map(all.map((folder) => [folder.id, folder]));
  const found = [...new Set(ids)].map((id) => byId.get(id));
  if (found.some((folder) => folder === undefined))
    throw new AppError('not_found', 'No such folder', { reason: 'folder_not_found' });
  return found as FolderRow[];
}

/** One page of the account's folders (by title), each with the count of materials it shows. */
export async function queryFolders(userId: number, query: FolderQuery, db: Executor = getDb()): Promise<FolderPage> {
  const { filter } = query;
  const where: SQL[] = [sql`f.user_id = ${userId}`];
  if (filter.folder_type) where.push(sql`f.folder_type = ${filter.folder_type}`);
  if (filter.is_archive !== undefined) where.push(sql`f.is_archive = ${filter.is_archive}`);
  if (filter.parent_id === null) where.push(sql`f.parent_id IS NULL`);
  else if (filter.parent_id !== undefined) where.push(sql`f.parent_id = ${filter.parent_id}`);
  if (filter.ids)
    where.push(
      sql`f.id IN (${sql.join(
        filter.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const rows = await db.execute<Omit<Folder, 'created_at'> & { created_at: string | Date; total: number }>(sql`
    SELECT f.id, f.title, f.parent_id, f.is_archive, f.folder_type, f.created_at,
      coalesce(counts.n, 0) AS materials_count,
      count(*) OVER ()::int AS total
    FROM ${t.folders} f
    LEFT JOIN (
      SELECT fm.folder_id, count(*)::int AS n FROM ${t.folderMaterials} fm JOIN ${t.folders} cf ON cf.id = fm.folder_id
      WHERE cf.user_id = ${userId} AND (${sql.join(
        (filter.folder_type ? [filter.folder_type] : FOLDER_TYPES).map(
          (type) => sql`(cf.folder_type = ${type} AND fm.material_id IN (${heldIds(userId, type)}))`,
        ),
        sql` OR `,
      )})
      GROUP BY fm.folder_id
    ) counts ON counts.folder_id = f.id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY lower(f.title), f.id LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`);
  return {
    items: rows.rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
      is_archive: row.is_archive,
      folder_type: row.folder_type,
      materials_count: Number(row.materials_count),
      created_at: new Date(row.created_at).toISOString(),
    })),
    total: Number(rows.rows[0]?.total ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

async function foldersById(tx: Executor, userId: number, ids: number[]): Promise<Folder[]> {
  if (ids.length === 0) return [];
  return (await queryFolders(userId, { filter: { ids }, limit: FOLDER_LIMITS.idsPerCall, page: 1 }, tx)).items;
}

/** A parent the account may put folders of this kind under, or the error that says why not. */
function checkParent(all: FolderRow[], parentId: number, folderType: FolderType): FolderRow {
  const parent = all.find((folder) => folder.id === parentId);
  if (!parent) throw new AppError('not_found', 'No such folder', { reason: 'folder_not_found' });
  if (parent.folder_type !== folderType)
    throw new AppError('conflict', 'A folder holds only folders of its own kind', { reason: 'folder_type_mismatch' });
  return parent;
}

/** Makes a folder (at the top or under one of the same kind); inside an archived folder it is archived too. */
export async function createFolder(userId: number, input: FolderCreate): Promise<Folder> {
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, userId);
    const all = await accountFolders(tx, userId);
    if (all.length >= FOLDER_LIMITS.foldersPerAccount)
      throw new AppError('conflict', 'Too many folders', {
        reason: 'folders_full',
        limit: FOLDER_LIMITS.foldersPerAccount,
      });
    const parent = input.parent_id === null ? null : checkParent(all, input.parent_id, input.folder_type);
    const [row] = await tx
      .insert(t.folders)
      .values({
        userId,
        folderType: input.folder_type,
        title: input.title,
        parentId: parent?.id ?? null,
        isArchive: parent?.is_archive ?? false,
      })
      .returning({ id: t.folders.id });
    return (await foldersById(tx, userId, [row!.id]))[0]!;
  });
}

/**
 * Renames and/or moves folders. A move checks every folder against the tree as the earlier
 * moves of the same call left it, under the account's lock: a folder can never become its own
 * ancestor. A folder moved into an archived one is archived with everything under it (an active
 * folder never sits inside an archived one).
 */
export async function updateFolders(userId: number, input: FolderUpdate): Promise<{ items: Folder[] }> {
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, userId);
    const all = await accountFolders(tx, userId);
    const targets = ownFolders(all, input.filter.ids);
    const { title, parent_id: parentId } = input.update;
    if (parentId !== undefined) {
      for (const folder of targets) {
        const parent = parentId === null ? null : checkParent(all, parentId, folder.folder_type);
        if (wouldMakeCycle(all, folder.id, parentId))
          throw new AppError('conflict', 'A folder cannot go inside itself', { reason: 'folder_cycle' });
        folder.parent_id = parentId;
        if (parent?.is_archive && !folder.is_archive) {
          const under = subtreeIds(all, folder.id);
          for (const row of all) if (under.has(row.id)) row.is_archive = true;
        }
      }
    }
    const archived = all.filter((row) => row.is_archive).map((row) => row.id);
    const ids = targets.map((folder) => folder.id);
    await tx.execute(sql`
      UPDATE ${t.folders} SET updated_at = now()
        ${title !== undefined ? sql`, title = ${title}` : sql``}
        ${parentId !== undefined ? sql`, parent_id = ${parentId}` : sql``}
      WHERE user_id = ${userId} AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    if (parentId !== undefined && archived.length)
      await tx.execute(
        sql`UPDATE ${t.folders} SET is_archive = true WHERE user_id = ${userId} AND NOT is_archive AND id IN (${sql.join(
          archived.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    return { items: await foldersById(tx, userId, ids) };
  });
}

/** Deletes folders with everything under them; the materials stay where they are (bought, own, favourites). */
export async function deleteFolders(userId: number, ids: number[]): Promise<{ deleted: number }> {
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, userId);
    const all = await accountFolders(tx, userId);
    const gone = new Set<number>();
    for (const folder of ownFolders(all, ids)) for (const id of subtreeIds(all, folder.id)) gone.add(id);
    // The subfolders and every placement go with their folder (the foreign keys cascade).
    await tx.execute(
      sql`DELETE FROM ${t.folders} WHERE user_id = ${userId} AND id IN (${sql.join(
        [...new Set(ids)].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return { deleted: gone.size };
  });
}

/**
 * Archives folders (with everything under them) or restores them (with everything under them,
 * and the folders above, so a restored folder is back where it was).
 */
export async function archiveFolders(userId: number, ids: number[], archive: boolean): Promise<{ items: Folder[] }> {
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, userId);
    const all = await accountFolders(tx, userId);
    const changed = new Set<number>();
    for (const folder of ownFolders(all, ids)) {
      for (const id of subtreeIds(all, folder.id)) changed.add(id);
      if (!archive) for (const above of pathTo(all, folder.id)) changed.add(above.id);
    }
    await tx.execute(
      sql`UPDATE ${t.folders} SET is_archive = ${archive}, updated_at = now() WHERE user_id = ${userId} AND id IN (${sql.join(
        [...changed].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return { items: await foldersById(tx, userId, [...new Set(ids)]) };
  });
}
