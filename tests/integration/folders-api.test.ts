import { sql } from 'drizzle-orm';
import { POST as queryRoute } from '@/app/api/v3/folders/public/query/route';
import { POST as createRoute } from '@/app/api/v3/folders/public/create/route';
import { POST as updateRoute } from '@/app/api/v3/folders/public/update-by-query/route';
import { POST as deleteRoute } from '@/app/api/v3/folders/public/delete-by-query/route';
import { POST as archiveRoute } from '@/app/api/v3/folders/public/archive/add-by-query/route';
import { POST as restoreRoute } from '@/app/api/v3/folders/public/archive/delete-by-query/route';
import { POST as materialsRoute } from '@/app/api/v3/folders/public/materials/query/route';
import { POST as addByQueryRoute } from '@/app/api/v3/folders/materials/add-by-query/route';
import { POST as syncRoute } from '@/app/api/v3/folders/materials/[id]/sync/route';
import { POST as unsubscribe } from '@/app/api/v3/subscriptions/unsubscribe/route';
import { POST as subscribe } from '@/app/api/v3/subscriptions/subscribe/route';
import { getDb } from '@/lib/db/client';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { FOLDER_LIMITS } from '@/lib/folders/limits';
import type { Folder } from '@/lib/folders/folders';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { callRoute, type RouteHandler } from './support/routes';
import { signInSession, type SignedIn } from './support/session';

let database: TestDatabase;
let buyer: SignedIn;
let seller: SignedIn;
/** Published de materials of other authors than the seller. */
let shown: number[];

const post = (
  handler: RouteHandler,
  path: string,
  who: SignedIn | null,
  body: unknown,
  params?: Record<string, string>,
) => callRoute(handler, `${path}?world=de`, { body, headers: who ? { cookie: who.cookie } : {}, params });

async function ok<T>(response: Response, status = 200): Promise<T> {
  const body = await response.json();
  expect({ status: response.status, body }).toMatchObject({ status });
  return body as T;
}

async function reason(response: Response): Promise<{ status: number; code: string; reason?: string }> {
  const body = (await response.json()) as { error: { code: string; details?: { reason?: string } } };
  return { status: response.status, code: body.error.code, reason: body.error.details?.reason };
}

async function create(who: SignedIn, title: string, type: string, parent: number | null = null): Promise<Folder> {
  const body = await ok<{ folder: Folder }>(
    await post(createRoute, '/api/v3/folders/public/create', who, { title, folder_type: type, parent_id: parent }),
    201,
  );
  return body.folder;
}

async function foldersOf(who: SignedIn, filter: Record<string, unknown> = {}): Promise<Folder[]> {
  return (await ok<{ items: Folder[] }>(await post(queryRoute, '/api/v3/folders/public/query', who, { filter }))).items;
}

async function materialsIn(who: SignedIn, type: string, folderId?: number) {
  return ok<{ items: { id: number; folder_ids: number[] }[]; total: number }>(
    await post(materialsRoute, '/api/v3/folders/public/materials/query', who, {
      filter: { folder_type: type, ...(folderId ? { folder_id: folderId } : {}) },
    }),
  );
}

const sync = (who: SignedIn, materialId: number, type: string, folderIds: number[]) =>
  post(
    syncRoute,
    `/api/v3/folders/materials/${materialId}/sync`,
    who,
    { folder_type: type, folder_ids: folderIds },
    {
      id: String(materialId),
    },
  );

const count = async (query: ReturnType<typeof sql>) => (await getDb().execute<{ n: number }>(query)).rows[0]!.n;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  buyer = await signInSession(DEMO_ACCOUNTS.buyer, { headers: { 'x-kreide-client-ip': '198.51.100.31' } });
  seller = await signInSession(DEMO_ACCOUNTS.seller, { headers: { 'x-kreide-client-ip': '198.51.100.32' } });
  const rows = await getDb().execute<{ id: number }>(
    sql`SELECT id FROM materials WHERE world = 'de' AND is_active AND deleted_at IS NULL AND author_id <> ${seller.userId} ORDER BY id LIMIT 12`,
  );
  shown = rows.rows.map((row) => Number(row.id));
  await getDb().execute(sql`DELETE FROM favourites WHERE user_id IN (${buyer.userId}, ${seller.userId})`);
  await getDb().execute(sql`DELETE FROM folders`);
});
afterAll(() => database.stop());

describe(`folders on ${BACKEND}`, () => {
  it('builds a tree of folders per kind, read back by filter with totals and counts', async () => {
    const klasse = await create(buyer, 'Klasse 7b', 'favorite');
    const brueche = await create(buyer, 'Bruchrechnung', 'favorite', klasse.id);
    const bought = await create(buyer, 'Gekauft 2026', 'purchased');
    expect(brueche).toMatchObject({
      parent_id: klasse.id,
      is_archive: false,
      folder_type: 'favorite',
      materials_count: 0,
    });

    expect((await foldersOf(buyer, { folder_type: 'favorite' })).map((f) => f.title)).toEqual([
      'Bruchrechnung',
      'Klasse 7b',
    ]);
    expect((await foldersOf(buyer, { folder_type: 'favorite', parent_id: null })).map((f) => f.id)).toEqual([
      klasse.id,
    ]);
    expect((await foldersOf(buyer, { parent_id: klasse.id })).map((f) => f.id)).toEqual([brueche.id]);
    const page = await ok<{ total: number; items: Folder[] }>(
      await post(queryRoute, '/api/v3/folders/public/query', buyer, { limit: 1 }),
    );
    expect(page).toMatchObject({ total: 3, items: [expect.anything()] });
    // Folders of one kind only hold folders of that kind.
    expect(
      await reason(
        await post(createRoute, '/api/v3/folders/public/create', buyer, {
          title: 'Falsch',
          folder_type: 'own',
          parent_id: bought.id,
        }),
      ),
    ).toEqual({ status: 409, code: 'conflict', reason: 'folder_type_mismatch' });
    // Another teacher sees none of them and cannot build on them.
    expect(await foldersOf(seller)).toEqual([]);
    expect(
      await reason(
        await post(createRoute, '/api/v3/folders/public/create', seller, {
          title: 'Fremd',
          folder_type: 'favorite',
          parent_id: klasse.id,
        }),
      ),
    ).toEqual({ status: 404, code: 'not_found', reason: 'folder_not_found' });
  });

  it('refuses bad input with 400 and anonymous callers with 401, changing nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM folders`);
    for (const body of [
      { title: '', folder_type: 'favorite' },
      { title: '   ', folder_type: 'favorite' },
      { title: 'x'.repeat(FOLDER_LIMITS.titleLength + 1), folder_type: 'favorite' },
      { title: 'Ordner', folder_type: 'school' },
      { title: 'Ordner', folder_type: 'favorite', parent_id: 2 ** 31 },
      { title: 'Ordner', folder_type: 'favorite', parent_id: -1 },
      { title: 'Ordner', folder_type: 'favorite', extra: 1 },
      { title: 'A\u0000B', folder_type: 'favorite' },
    ]) {
      const response = await post(createRoute, '/api/v3/folders/public/create', buyer, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    for (const [handler, path, body] of [
      [updateRoute, '/api/v3/folders/public/update-by-query', { filter: { ids: [] }, update: { title: 'x' } }],
      [updateRoute, '/api/v3/folders/public/update-by-query', { filter: { ids: [1] }, update: {} }],
      [deleteRoute, '/api/v3/folders/public/delete-by-query', { filter: { ids: ['1'] } }],
      [archiveRoute, '/api/v3/folders/public/archive/add-by-query', { filter: {} }],
      [materialsRoute, '/api/v3/folders/public/materials/query', { filter: { folder_type: 'favorite', folder_id: 0 } }],
      [queryRoute, '/api/v3/folders/public/query', { limit: 201 }],
      [addByQueryRoute, '/api/v3/folders/materials/add-by-query', { folder_ids: [1], queryFilter: {} }],
      [
        addByQueryRoute,
        '/api/v3/folders/materials/add-by-query',
        { folder_ids: [1], queryFilter: { search: { price: 'cheap' } } },
      ],
    ] as const) {
      const response = await post(handler, path, buyer, body);
      expect({ path, body, status: response.status }).toEqual({ path, body, status: 400 });
    }
    // An id past the column's range names no material: 404, as any unknown path.
    expect((await sync(buyer, 99999999999 as number, 'favorite', [])).status).toBe(404);
    expect(
      (await post(createRoute, '/api/v3/folders/public/create', null, { title: 'A', folder_type: 'own' })).status,
    ).toBe(401);
    expect((await post(queryRoute, '/api/v3/folders/public/query', null, {})).status).toBe(401);
    expect(await count(sql`SELECT count(*)::int AS n FROM folders`)).toBe(before);
  });

  it('renames and moves folders, and never lets a folder into itself or anything under it', async () => {
    const a = await create(buyer, 'A', 'own');
    const b = await create(buyer, 'B', 'own', a.id);
    const c = await create(buyer, 'C', 'own', b.id);
    const update = (ids: number[], change: Record<string, unknown>) =>
      post(updateRoute, '/api/v3/folders/public/update-by-query', buyer, { filter: { ids }, update: change });

    for (const target of [a.id, b.id, c.id])
      expect(await reason(await update([a.id], { parent_id: target }))).toEqual({
        status: 409,
        code: 'conflict',
        reason: 'folder_cycle',
      });
    const moved = await ok<{ items: Folder[] }>(await update([c.id], { parent_id: null, title: 'C oben' }));
    expect(moved.items).toEqual([expect.objectContaining({ id: c.id, parent_id: null, title: 'C oben' })]);
    // Now A may go under C, which no longer lies under it.
    await ok(await update([a.id], { parent_id: c.id }));
    expect((await foldersOf(buyer, { ids: [a.id] }))[0]!.parent_id).toBe(c.id);
    // Two in one call are checked against the tree as the first left it.
    expect(await reason(await update([b.id, c.id], { parent_id: b.id }))).toMatchObject({ status: 409 });
    expect((await foldersOf(buyer, { ids: [c.id] }))[0]!.parent_id).toBeNull();
    // Another account's folder, or a folder that does not exist: 404, and nothing moved.
    const theirs = await create(seller, 'Fremd', 'own');
    expect(await reason(await update([theirs.id], { title: 'Meins' }))).toEqual({
      status: 404,
      code: 'not_found',
      reason: 'folder_not_found',
    });
    expect(await reason(await update([a.id], { parent_id: theirs.id }))).toMatchObject({ status: 404 });
    expect((await foldersOf(seller, { ids: [theirs.id] }))[0]!.title).toBe('Fremd');
  });

  it('archives a folder with its subfolders, and restores one with the folders above it', async () => {
    const top = await create(buyer, 'Schuljahr 2025', 'purchased');
    const mid = await create(buyer, 'Mathe', 'purchased', top.id);
    const low = await create(buyer, 'Geometrie', 'purchased', mid.id);
    await ok(
      await post(archiveRoute, '/api/v3/folders/public/archive/add-by-query', buyer, { filter: { ids: [top.id] } }),
    );
    expect((await foldersOf(buyer, { ids: [top.id, mid.id, low.id] })).map((f) => f.is_archive)).toEqual([
      true,
      true,
      true,
    ]);
    // A folder made or moved inside an archived one is archived too.
    expect((await create(buyer, 'Neu', 'purchased', mid.id)).is_archive).toBe(true);
    const loose = await create(buyer, 'Lose', 'purchased');
    await ok(
      await post(updateRoute, '/api/v3/folders/public/update-by-query', buyer, {
        filter: { ids: [loose.id] },
        update: { parent_id: low.id },
      }),
    );
    expect((await foldersOf(buyer, { ids: [loose.id] }))[0]!.is_archive).toBe(true);

    const restored = await ok<{ items: Folder[] }>(
      await post(restoreRoute, '/api/v3/folders/public/archive/delete-by-query', buyer, { filter: { ids: [low.id] } }),
    );
    expect(restored.items).toEqual([expect.objectContaining({ id: low.id, is_archive: false })]);
    const after = await foldersOf(buyer, { ids: [top.id, mid.id, low.id, loose.id] });
    expect(after.every((f) => !f.is_archive)).toBe(true);
    expect(
      await reason(
        await post(archiveRoute, '/api/v3/folders/public/archive/add-by-query', seller, { filter: { ids: [top.id] } }),
      ),
    ).toMatchObject({ status: 404 });
    expect((await foldersOf(buyer, { ids: [top.id] }))[0]!.is_archive).toBe(false);
  });

  it('keeps favourites in folders: shown while they are favourites, back when kept again', async () => {
    for (const id of shown.slice(0, 4))
      await ok(
        await callRoute(subscribe, '/api/v3/subscriptions/subscribe?world=de', {
          body: { subjectId: id, subjectType: 'material' },
          headers: { cookie: buyer.cookie },
        }),
      );
    const unit = await create(buyer, 'Einheit Brüche', 'favorite');
    const other = await create(buyer, 'Vertretung', 'favorite');
    const bought = await create(buyer, 'Gekauft', 'purchased');
    const [first, second] = shown;
    expect(await ok(await sync(buyer, first!, 'favorite', [unit.id, other.id]))).toEqual({
      material_id: first,
      folder_type: 'favorite',
      folder_ids: [unit.id, other.id].sort((x, y) => x - y),
    });
    await ok(await sync(buyer, second!, 'favorite', [unit.id]));
    expect((await materialsIn(buyer, 'favorite', unit.id)).items.map((m) => m.id).sort()).toEqual(
      [first, second].sort(),
    );
    const all = await materialsIn(buyer, 'favorite');
    expect(all.total).toBe(4);
    expect(all.items.find((m) => m.id === first)!.folder_ids.sort()).toEqual([unit.id, other.id].sort());
    // Out of one folder, still in the other.
    await ok(await sync(buyer, first!, 'favorite', [other.id]));
    expect((await materialsIn(buyer, 'favorite', unit.id)).items.map((m) => m.id)).toEqual([second]);

    // No longer a favourite: not shown nor counted; a favourite again: back in its folder.
    await ok(
      await callRoute(unsubscribe, '/api/v3/subscriptions/unsubscribe?world=de', {
        body: { subjectId: second, subjectType: 'material' },
        headers: { cookie: buyer.cookie },
      }),
    );
    expect((await materialsIn(buyer, 'favorite', unit.id)).total).toBe(0);
    expect((await foldersOf(buyer, { ids: [unit.id] }))[0]!.materials_count).toBe(0);
    await ok(
      await callRoute(subscribe, '/api/v3/subscriptions/subscribe?world=de', {
        body: { subjectId: second, subjectType: 'material' },
        headers: { cookie: buyer.cookie },
      }),
    );
    expect((await foldersOf(buyer, { ids: [unit.id] }))[0]!.materials_count).toBe(1);

    // Not a favourite, another kind's folder, another account's folder or material: refused.
    expect(await reason(await sync(buyer, shown[9]!, 'favorite', [unit.id]))).toEqual({
      status: 404,
      code: 'not_found',
      reason: 'material_not_held',
    });
    expect(await reason(await sync(buyer, first!, 'favorite', [bought.id]))).toMatchObject({
      status: 409,
      reason: 'folder_type_mismatch',
    });
    expect(await reason(await sync(seller, first!, 'favorite', [unit.id]))).toMatchObject({ status: 404 });
    expect(
      await reason(
        await post(materialsRoute, '/api/v3/folders/public/materials/query', seller, {
          filter: { folder_type: 'favorite', folder_id: unit.id },
        }),
      ),
    ).toMatchObject({ status: 404, reason: 'folder_not_found' });
  });

  it('keeps a bought material in its folder after the material is deleted, and drops it with a refund', async () => {
    const [material] = shown.slice(6);
    await getDb().execute(
      sql`INSERT INTO licences (user_id, material_id, kind) VALUES (${buyer.userId}, ${material}, 'single') ON CONFLICT DO NOTHING`,
    );
    const folder = await create(buyer, 'Gekaufte Mathe', 'purchased');
    await ok(await sync(buyer, material!, 'purchased', [folder.id]));
    await getDb().execute(sql`UPDATE materials SET deleted_at = now(), is_active = false WHERE id = ${material}`);
    try {
      expect((await materialsIn(buyer, 'purchased', folder.id)).items.map((m) => m.id)).toEqual([material]);
      await getDb().execute(
        sql`UPDATE licences SET revoked_at = now() WHERE user_id = ${buyer.userId} AND material_id = ${material}`,
      );
      expect((await materialsIn(buyer, 'purchased', folder.id)).total).toBe(0);
    } finally {
      await getDb().execute(sql`UPDATE materials SET deleted_at = NULL, is_active = true WHERE id = ${material}`);
    }
  });

  it('deletes a folder with its subfolders and never a material', async () => {
    const parent = await create(buyer, 'Weg damit', 'favorite');
    const child = await create(buyer, 'Auch weg', 'favorite', parent.id);
    await ok(await sync(buyer, shown[2]!, 'favorite', [child.id]));
    const favourites = await count(sql`SELECT count(*)::int AS n FROM favourites WHERE user_id = ${buyer.userId}`);
    expect(
      await reason(
        await post(deleteRoute, '/api/v3/folders/public/delete-by-query', seller, { filter: { ids: [parent.id] } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await ok(
        await post(deleteRoute, '/api/v3/folders/public/delete-by-query', buyer, { filter: { ids: [parent.id] } }),
      ),
    ).toEqual({ deleted: 2 });
    expect(await foldersOf(buyer, { ids: [parent.id, child.id] })).toEqual([]);
    expect(await count(sql`SELECT count(*)::int AS n FROM favourites WHERE user_id = ${buyer.userId}`)).toBe(
      favourites,
    );
    expect(
      await count(sql`SELECT count(*)::int AS n FROM materials WHERE id = ${shown[2]!} AND deleted_at IS NULL`),
    ).toBe(1);
  });

  it('adds all materials of a search in one step: favourites folders keep them as favourites, others take only their own kind', async () => {
    const collected = await create(seller, 'Suche Mathe', 'favorite');
    const own = await create(seller, 'Meine', 'own');
    const answer = await ok<{ matched: number; added: number; skipped: number; favourited: number }>(
      await post(addByQueryRoute, '/api/v3/folders/materials/add-by-query', seller, {
        folder_ids: [collected.id, own.id],
        queryFilter: { search: { q: '', sort: 'newest', page: '3' } },
      }),
    );
    const inWorld = await count(
      sql`SELECT count(*)::int AS n FROM materials WHERE world = 'de' AND is_active AND deleted_at IS NULL`,
    );
    const ownInWorld = await count(
      sql`SELECT count(*)::int AS n FROM materials WHERE world = 'de' AND is_active AND deleted_at IS NULL AND author_id = ${seller.userId}`,
    );
    expect(answer.matched).toBe(Math.min(inWorld, FOLDER_LIMITS.materialsPerAddByQuery));
    expect(answer.added).toBe(answer.matched + ownInWorld);
    // The others' materials could not go into the own folder.
    expect(answer.skipped).toBe(answer.matched - ownInWorld);
    expect(answer.favourited).toBe(answer.matched);
    expect((await materialsIn(seller, 'favorite', collected.id)).total).toBe(answer.matched);
    expect((await materialsIn(seller, 'own', own.id)).total).toBe(ownInWorld);
    // Again: nothing new.
    const again = await ok<{ added: number }>(
      await post(addByQueryRoute, '/api/v3/folders/materials/add-by-query', seller, {
        folder_ids: [collected.id],
        queryFilter: { search: {} },
      }),
    );
    expect(again.added).toBe(0);
    // By id into a purchased folder: only what was bought goes in.
    const bought = await create(seller, 'Gekauft', 'purchased');
    const byId = await ok<{ added: number; skipped: number }>(
      await post(addByQueryRoute, '/api/v3/folders/materials/add-by-query', seller, {
        folder_ids: [bought.id],
        queryFilter: { material_ids: shown.slice(0, 3) },
      }),
    );
    expect(byId).toMatchObject({ added: 0, skipped: 3 });
    // Another account's folder: refused, nothing added.
    expect(
      await reason(
        await post(addByQueryRoute, '/api/v3/folders/materials/add-by-query', buyer, {
          folder_ids: [collected.id],
          queryFilter: { material_ids: [shown[0]!] },
        }),
      ),
    ).toMatchObject({ status: 404, reason: 'folder_not_found' });
  });

  it('refuses the 501st folder and placements past the bound with a message that names the limit', async () => {
    await getDb().execute(sql`DELETE FROM folders WHERE user_id = ${seller.userId}`);
    await getDb().execute(
      sql`INSERT INTO folders (user_id, folder_type, title) SELECT ${seller.userId}, 'favorite', 'Ordner ' || n FROM generate_series(1, ${FOLDER_LIMITS.foldersPerAccount - 1}) n`,
    );
    await create(seller, 'Der 500.', 'favorite');
    const refused = await post(createRoute, '/api/v3/folders/public/create', seller, {
      title: 'Einer zu viel',
      folder_type: 'favorite',
    });
    const body = (await refused.json()) as { error: { code: string; message: string; details: { reason: string } } };
    expect(refused.status).toBe(409);
    expect(body.error.details.reason).toBe('folders_full');
    expect(body.error.message).toContain('500');

    // 20,000 placements: 400 folders × 50 materials.
    const materialIds = (
      await getDb().execute<{ id: number }>(sql`SELECT id FROM materials ORDER BY id LIMIT 50`)
    ).rows.map((row) => Number(row.id));
    expect(materialIds).toHaveLength(50);
    await getDb().execute(sql`
      INSERT INTO folder_materials (folder_id, material_id)
      SELECT f.id, m.id FROM (SELECT id FROM folders WHERE user_id = ${seller.userId} ORDER BY id LIMIT 400) f
      CROSS JOIN (SELECT unnest(ARRAY[${sql.join(
        materialIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]) AS id) m`);
    const [spare] = (
      await getDb().execute<{ id: number }>(
        sql`SELECT id FROM folders WHERE user_id = ${seller.userId} ORDER BY id DESC LIMIT 1`,
      )
    ).rows;
    const full = await post(addByQueryRoute, '/api/v3/folders/materials/add-by-query', seller, {
      folder_ids: [Number(spare!.id)],
      queryFilter: { material_ids: [shown[0]!] },
    });
    expect(await reason(full)).toEqual({ status: 409, code: 'conflict', reason: 'folder_placements_full' });
    await getDb().execute(sql`DELETE FROM folders WHERE user_id = ${seller.userId}`);
  });

  it('lets two opposite moves at once make no cycle: one wins, the other is refused', async () => {
    const x = await create(buyer, 'X', 'own');
    const y = await create(buyer, 'Y', 'own');
    const move = (ids: number[], parent: number) =>
      post(updateRoute, '/api/v3/folders/public/update-by-query', buyer, {
        filter: { ids },
        update: { parent_id: parent },
      });
    for (let round = 0; round < 5; round++) {
      await getDb().execute(sql`UPDATE folders SET parent_id = NULL WHERE id IN (${x.id}, ${y.id})`);
      const answers = await Promise.all([move([x.id], y.id), move([y.id], x.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const rows = await foldersOf(buyer, { ids: [x.id, y.id] });
      expect(rows.filter((f) => f.parent_id !== null)).toHaveLength(1);
    }
  });
});
