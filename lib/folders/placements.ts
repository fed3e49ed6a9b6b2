import 'server-only';
import { sql } from 'drizzle-orm';
import { getMaterialCards, type MaterialCard } from '@/lib/catalog/materials';
import { getDb, type Executor } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { AppError } from '@/lib/errors/app-error';
import { searchMaterialIds } from '@/lib/search/search';
import { SUBSCRIPTION_LIMITS } from '@/lib/subscriptions/limits';
import type { WorldCode } from '@/lib/worlds/worlds';
import { accountFolders, heldBy, heldIds, lockAccount, ownFolders } from './folders';
import { FOLDER_LIMITS, type FolderType } from './limits';
import type { AddByQuery, FolderMaterialsQuery, FolderSync } from './schemas';

/** What the folder page shows of a material: its name and where its page is. */
export interface FolderMaterialLine {
  id: number;
  title: string;
  slug: string;
  world: WorldCode;
  /** The folders of the queried kind that hold it. */
  folder_ids: number[];
  /** False for a bought material since unpublished or deleted: listed, without a page to link to. */
  available: boolean;
}

/** What the API answers: the whole card (price, cover, author) with the folders. */
export interface FolderMaterial extends MaterialCard {
  folder_ids: number[];
  available: boolean;
}

export interface FolderMaterialPage<Item = FolderMaterial> {
  items: Item[];
  total: number;
  page: number;
  limit: number;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * One page of the materials in a folder, or (no folder) of every material of the kind, by
 * title, each with the account's folders of that kind that hold it.
 */
export async function queryFolderMaterials(userId: number, query: FolderMaterialsQuery): Promise<FolderMaterialPage> {
  const lines = await queryFolderMaterialLines(userId, query);
  const byId = new Map(lines.items.map((line) => [line.id, line]));
  const cards = await getMaterialCards(lines.items.map((line) => line.id));
  return {
    ...lines,
    items: cards.map((card) => ({
      ...card,
      folder_ids: byId.get(card.id)!.folder_ids,
      available: byId.get(card.id)!.available,
    })),
  };
}

/** The same page as lines (title and address): all the folder page shows, without building cards. */
export async function queryFolderMaterialLines(
  userId: number,
  query: FolderMaterialsQuery,
): Promise<FolderMaterialPage<FolderMaterialLine>> {
  const db = getDb();
  const { folder_type: folderType, folder_id: folderId } = query.filter;
  if (folderId !== undefined) {
    const [folder] = await db
      .select({ type: t.folders.folderType })
      .from(t.folders)
      .where(sql`${t.folders.id} = ${folderId} AND ${t.folders.userId} = ${userId}`);
    if (!folder || folder.type !== folderType)
      throw new AppError('not_found', 'No such folder', { reason: 'folder_not_found' });
  }
  const inFolder =
    folderId === undefined
      ? sql``
      : sql`AND m.id IN (SELECT material_id FROM ${t.folderMaterials} WHERE folder_id = ${folderId})`;
  const rows = await db.execute<{
    id: number;
    title: string;
    slug: string;
    world: WorldCode;
    available: boolean;
    total: number;
  }>(sql`
    SELECT m.id, m.title, m.slug, m.world, (m.is_active AND m.deleted_at IS NULL) AS available,
      count(*) OVER ()::int AS total FROM ${t.materials} m
    WHERE m.id IN (${heldIds(userId, folderType)}) ${inFolder}
    ORDER BY lower(m.title), m.id LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`);
  const ids = rows.rows.map((row) => Number(row.id));
  const placed = new Map<number, number[]>();
  if (ids.length) {
    const placements = await db.execute<{ material_id: number; folder_id: number }>(sql`
      SELECT fm.material_id, fm.folder_id FROM ${t.folderMaterials} fm JOIN ${t.folders} f ON f.id = fm.folder_id
      WHERE f.user_id = ${userId} AND f.folder_type = ${folderType} AND fm.material_id IN (${idList(ids)})
      ORDER BY fm.folder_id`);
    for (const row of placements.rows) {
      const list = placed.get(Number(row.material_id)) ?? [];
      list.push(Number(row.folder_id));
      placed.set(Number(row.material_id), list);
    }
  }
  return {
    items: rows.rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      slug: row.slug,
      world: row.world,
      folder_ids: placed.get(Number(row.id)) ?? [],
      available: row.available,
    })),
    total: Number(rows.rows[0]?.total ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

/** Refuses placements past the account's bound, saying the bound. */
async function checkPlacementRoom(tx: Executor, userId: number, adding: number): Promise<void> {
  if (adding === 0) return;
  const [row] = (
    await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${t.folderMaterials} fm JOIN ${t.folders} f ON f.id = fm.folder_id WHERE f.user_id = ${userId}`,
    )
  ).rows;
  if (Number(row?.n ?? 0) + adding > FOLDER_LIMITS.placementsPerAccount)
    throw new AppError('conflict', 'Your folders are full', {
      reason: 'folder_placements_full',
      limit: FOLDER_LIMITS.placementsPerAccount,
    });
}

export interface AddByQueryResult {
  /** Materials the query named or found (a search: at most its first 1,000). */
  matched: number;
  /** New placements (a material already in a folder is not counted again). */
  added: number;
  /** Materials that could not go into a folder of its kind (not bought, not the account's own, not shown). */
  skipped: number;
  /** Materials that became favourites on the way into a favourites folder. */
  favourited: number;
}

/**
 * Puts materials (named, or a search's results) into folders. Each folder takes what its kind
 * may hold: a purchased folder the bought ones, an own folder the account's own; a favourites
 * folder takes every shown material and keeps it as a favourite too (the teacher collects a
 * search's results: they are favourites from then on), within the favourites limit.
 */
export async function addMaterialsByQuery(
  userId: number,
  world: WorldCode,
  input: AddByQuery,
): Promise<AddByQueryResult> {
  const filter = input.queryFilter;
  const ids =
    'material_ids' in filter
      ? [...new Set(filter.material_ids)]
      : await searchMaterialIds(world, filter.search, FOLDER_LIMITS.materialsPerAddByQuery);
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, userId);
    const folders = ownFolders(await accountFolders(tx, userId), input.folder_ids);
    if (ids.length === 0) return { matched: 0, added: 0, skipped: 0, favourited: 0 };
    let favourited = 0;
    if (folders.some((folder) => folder.folder_type === 'favorite')) {
      const shown = await tx.execute<{ id: number }>(
        sql`SELECT id FROM ${t.materials} WHERE id IN (${idList(ids)}) AND is_active AND deleted_at IS NULL AND id NOT IN (SELECT material_id FROM ${t.favourites} WHERE user_id = ${userId})`,
      );
      const fresh = shown.rows.map((row) => Number(row.id));
      if (fresh.length) {
        const [count] = (
          await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${t.favourites} WHERE user_id = ${userId}`)
        ).rows;
        if (Number(count?.n ?? 0) + fresh.length > SUBSCRIPTION_LIMITS.favouritesPerAccount)
          throw new AppError('conflict', 'Too many favourites', {
            reason: 'favourites_full',
            limit: SUBSCRIPTION_LIMITS.favouritesPerAccount,
          });
        await tx.execute(
          sql`INSERT INTO ${t.favourites} (user_id, material_id) SELECT ${userId}, unnest(ARRAY[${idList(fresh)}]::int[]) ON CONFLICT DO NOTHING`,
        );
        favourited = fresh.length;
      }
    }
    const skippedIds = new Set<number>();
    const wanted: { folderId: number; materialId: number }[] = [];
    for (const folder of folders) {
      // One row per named material: whether the folder's kind holds it, and whether it is in already.
      const rows = await tx.execute<{ id: number; held: boolean; placed: boolean }>(
        sql`SELECT m.id, ${heldBy(userId, folder.folder_type, sql`m.id`)} AS held,
              EXISTS (SELECT 1 FROM ${t.folderMaterials} fm WHERE fm.folder_id = ${folder.id} AND fm.material_id = m.id) AS placed
            FROM ${t.materials} m WHERE m.id IN (${idList(ids)})`,
      );
      // An id that names no material cannot go in either.
      const found = new Set(rows.rows.map((row) => Number(row.id)));
      for (const id of ids) if (!found.has(id)) skippedIds.add(id);
      for (const row of rows.rows) {
        if (row.placed) continue;
        if (row.held) wanted.push({ folderId: folder.id, materialId: Number(row.id) });
        else skippedIds.add(Number(row.id));
      }
    }
    await checkPlacementRoom(tx, userId, wanted.length);
    if (wanted.length) await tx.insert(t.folderMaterials).values(wanted).onConflictDoNothing();
    return { matched: ids.length, added: wanted.length, skipped: skippedIds.size, favourited };
  });
}

/**
 * Sets which of the account's folders of a kind hold a material: exactly `folder_ids` afterwards
 * (none: it leaves them all). The material must be one the kind holds for the account.
 */
export async function syncMaterialFolders(
  userId: number,
  materialId: number,
  input: FolderSync,
): Promise<{ material_id: number; folder_type: FolderType; folder_ids: number[] }> {
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, userId);
    const all = await accountFolders(tx, userId);
    const wanted = ownFolders(all, input.folder_ids);
    if (wanted.some((folder) => folder.folder_type !== input.folder_type))
      throw new AppError('conflict', 'A folder holds only materials of its own kind', {
        reason: 'folder_type_mismatch',
      });
    const [held] = (
      await tx.execute<{ ok: boolean }>(sql`SELECT ${heldBy(userId, input.folder_type, sql`${materialId}::int`)} AS ok`)
    ).rows;
    if (!held?.ok) throw new AppError('not_found', 'No such material here', { reason: 'material_not_held' });
    const ofKind = all.filter((folder) => folder.folder_type === input.folder_type).map((folder) => folder.id);
    const keep = wanted.map((folder) => folder.id);
    const before = ofKind.length
      ? (
          await tx.execute<{ folder_id: number }>(
            sql`SELECT folder_id FROM ${t.folderMaterials} WHERE material_id = ${materialId} AND folder_id IN (${idList(ofKind)})`,
          )
        ).rows.map((row) => Number(row.folder_id))
      : [];
    const leaving = before.filter((id) => !keep.includes(id));
    const joining = keep.filter((id) => !before.includes(id));
    if (leaving.length)
      await tx.execute(
        sql`DELETE FROM ${t.folderMaterials} WHERE material_id = ${materialId} AND folder_id IN (${idList(leaving)})`,
      );
    await checkPlacementRoom(tx, userId, joining.length);
    if (joining.length)
      await tx.insert(t.folderMaterials).values(joining.map((folderId) => ({ folderId, materialId })));
    return { material_id: materialId, folder_type: input.folder_type, folder_ids: [...keep].sort((a, b) => a - b) };
  });
}
