import { eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { findComparables } from '@/lib/selling/price-comparables';
import { recommendPrice, type ComparableMaterial } from '@/lib/selling/price-recommender';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;

/** A subject and a type no seeded material has, so the test's own materials are the only ones. */
const ids = { subject: 0, otherSubject: 0, type: 0, otherType: 0, frSubject: 0 };
const authors = { seller: 0, other: 0, frAuthor: 0 };
let pricedMaterialId = 0;
/** Test materials by their (distinct) price: the results carry no ids, the prices tell them apart. */
const byPrice = new Map<number, number>();

interface Planned {
  price: number;
  subject?: number;
  type?: number;
  pages?: number;
  sales?: number;
  author?: number;
  world?: 'de' | 'fr';
  currency?: string;
  isBundle?: boolean;
  isActive?: boolean;
  deleted?: boolean;
}

async function insertMaterial(plan: Planned): Promise<number> {
  const db = getDb();
  const [row] = await db
    .insert(t.materials)
    .values({
      world: plan.world ?? 'de',
      authorId: plan.author ?? authors.other,
      title: `Preisvergleich ${plan.price}`,
      slug: `preisvergleich-${plan.price}`,
      description: '<p>Ein Arbeitsblatt für den Preisvergleich.</p>',
      priceCents: plan.price,
      currency: plan.currency ?? 'EUR',
      isBundle: plan.isBundle ?? false,
      isActive: plan.isActive ?? true,
      deletedAt: plan.deleted ? new Date() : null,
      pages: plan.pages ?? 10,
      salesCount: plan.sales ?? 0,
    })
    .returning({ id: t.materials.id });
  const id = row!.id;
  if (plan.subject) await db.insert(t.materialSubjects).values({ materialId: id, subjectId: plan.subject });
  if (plan.type) await db.insert(t.materialMaterialTypes).values({ materialId: id, materialTypeId: plan.type });
  byPrice.set(plan.price, id);
  return id;
}

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 60 });
  const db = getDb();
  const subjects = await db
    .insert(t.subjects)
    .values([
      { world: 'de', key: 'price-test', title: 'Preistest', slug: 'preistest' },
      { world: 'de', key: 'price-test-other', title: 'Preistest Andere', slug: 'preistest-andere' },
      { world: 'fr', key: 'price-test', title: 'Test de prix', slug: 'test-de-prix' },
    ])
    .returning({ id: t.subjects.id });
  const types = await db
    .insert(t.materialTypes)
    .values([
      { world: 'de', key: 'price-test', title: 'Preistest-Typ' },
      { world: 'de', key: 'price-test-other', title: 'Andere Art' },
    ])
    .returning({ id: t.materialTypes.id });
  Object.assign(ids, {
    subject: subjects[0]!.id,
    otherSubject: subjects[1]!.id,
    frSubject: subjects[2]!.id,
    type: types[0]!.id,
    otherType: types[1]!.id,
  });
  const users = await db
    .insert(t.users)
    .values([
      { email: 'price-seller@example.test', slug: 'price-seller', publicName: 'Preis Verkäuferin', isSeller: true },
      { email: 'price-other@example.test', slug: 'price-other', publicName: 'Preis Kollege', isSeller: true },
      { email: 'price-fr@example.test', slug: 'price-fr', publicName: 'Prix Collègue', world: 'fr', isSeller: true },
    ])
    .returning({ id: t.users.id });
  Object.assign(authors, { seller: users[0]!.id, other: users[1]!.id, frAuthor: users[2]!.id });

  const { subject, otherSubject, type, otherType } = ids;
  const both = { subject, type };
  // Counted: the same subject and type, the subject only, the type only, and the page band's edges.
  await insertMaterial({ price: 1201, ...both, sales: 5 });
  await insertMaterial({ price: 1202, subject, type: otherType, pages: 12, sales: 50 });
  await insertMaterial({ price: 1203, subject: otherSubject, type, pages: 8, sales: 500 });
  await insertMaterial({ price: 1204, ...both, sales: 100 });
  await insertMaterial({ price: 1210, ...both, pages: 3 });
  await insertMaterial({ price: 1211, ...both, pages: 30 });
  // Left out: the seller's own, free, a bundle, unpublished, deleted, too few or too many pages,
  // another world, another currency, neither subject nor type.
  await insertMaterial({ price: 1101, ...both, author: authors.seller });
  await insertMaterial({ price: 0, ...both, sales: 9999 });
  await insertMaterial({ price: 1205, ...both, isBundle: true });
  await insertMaterial({ price: 1206, ...both, isActive: false });
  await insertMaterial({ price: 1207, ...both, deleted: true });
  await insertMaterial({ price: 1208, ...both, pages: 31 });
  await insertMaterial({ price: 1209, ...both, pages: 2 });
  await insertMaterial({ price: 1212, ...both, world: 'fr', author: authors.frAuthor });
  await insertMaterial({ price: 1213, ...both, currency: 'CHF' });
  await insertMaterial({ price: 1214, subject: otherSubject, type: otherType });
  // The material being priced (a draft already saved): never its own comparable.
  pricedMaterialId = await insertMaterial({ price: 1215, ...both, author: authors.seller, isActive: false });
  await insertMaterial({ price: 1216, ...both, sales: 1 });
});
afterAll(() => database.stop());

const ask = (extra: Partial<Parameters<typeof findComparables>[0]> = {}) =>
  findComparables({
    world: 'de',
    subjectIds: [ids.subject],
    materialTypeIds: [ids.type],
    pages: 10,
    excludeAuthorId: authors.seller,
    excludeMaterialId: pricedMaterialId,
    ...extra,
  });

const prices = (comparables: ComparableMaterial[]) => comparables.map((c) => c.priceCents);

describe(`price comparables on ${BACKEND}`, () => {
  it('finds the published, paid single materials of the world, closest and best-selling first', async () => {
    const found = await ask();
    expect(prices(found)).toEqual([1204, 1201, 1216, 1210, 1211, 1202, 1203]);
    expect(found[0]).toEqual({ priceCents: 1204, salesCount: 100, pages: 10, sameSubject: true, sameType: true });
    expect(found.find((c) => c.priceCents === 1202)).toEqual({
      priceCents: 1202,
      salesCount: 50,
      pages: 12,
      sameSubject: true,
      sameType: false,
    });
    expect(found.find((c) => c.priceCents === 1203)).toMatchObject({ sameSubject: false, sameType: true });
    for (const c of found) {
      expect(c.priceCents).toBeGreaterThan(0);
      expect(Number.isSafeInteger(c.salesCount)).toBe(true);
      expect(c.pages).toBeGreaterThanOrEqual(3);
      expect(c.pages).toBeLessThanOrEqual(30);
    }
  });

  it('counts the author’s own materials and the priced one only when not told to leave them out', async () => {
    expect(prices(await ask({ excludeAuthorId: undefined }))).toEqual([1204, 1201, 1216, 1101, 1210, 1211, 1202, 1203]);
    // The priced draft is unpublished; published, it is still left out by its id.
    await getDb().update(t.materials).set({ isActive: true }).where(eq(t.materials.id, pricedMaterialId));
    try {
      expect(prices(await ask({ excludeAuthorId: undefined }))).not.toContain(1215);
      expect(prices(await ask({ excludeAuthorId: undefined, excludeMaterialId: undefined }))).toContain(1215);
    } finally {
      await getDb().update(t.materials).set({ isActive: false }).where(eq(t.materials.id, pricedMaterialId));
    }
  });

  it('stops counting a material once it is unpublished or deleted', async () => {
    const id = byPrice.get(1201)!;
    const material = eq(t.materials.id, id);
    await getDb().update(t.materials).set({ isActive: false }).where(material);
    expect(prices(await ask())).not.toContain(1201);
    await getDb().update(t.materials).set({ isActive: true, deletedAt: new Date() }).where(material);
    expect(prices(await ask())).not.toContain(1201);
    await getDb().update(t.materials).set({ deletedAt: null }).where(material);
    expect(prices(await ask())).toContain(1201);
  });

  it('matches on the subject alone or the type alone', async () => {
    expect(prices(await ask({ materialTypeIds: [] }))).toEqual([1204, 1202, 1201, 1216, 1210, 1211]);
    expect(prices(await ask({ subjectIds: [] }))).toEqual([1203, 1204, 1201, 1216, 1210, 1211]);
    expect(await ask({ subjectIds: [], materialTypeIds: [] })).toEqual([]);
  });

  it('keeps to the page band around the given page count', async () => {
    // 1 page: 1 … 3; 30 pages: 10 … 90; 3 pages: 1 … 9.
    expect(prices(await ask({ pages: 1 }))).toEqual([1209, 1210]);
    expect(prices(await ask({ pages: 30 }))).toEqual([1204, 1201, 1216, 1211, 1208, 1202]);
    expect(prices(await ask({ pages: 3 }))).toEqual([1210, 1209, 1203]);
    // Nonsense page counts read as one page, and no count passes the smallint column's 32 767.
    expect(prices(await ask({ pages: Number.NaN }))).toEqual([1209, 1210]);
    expect(await ask({ pages: 1e12 })).toEqual([]);
  });

  it('stays in its world and its currency', async () => {
    const fr = await findComparables({
      world: 'fr',
      subjectIds: [ids.subject],
      materialTypeIds: [ids.type],
      pages: 10,
    });
    expect(prices(fr)).toEqual([1212]);
    expect(prices(await ask({ currency: 'CHF' }))).toEqual([1213]);
    expect(await ask({ world: 'xx' })).toEqual([]);
    expect(await ask({ world: "de' OR '1'='1", currency: 'EUR' })).toEqual([]);
  });

  it('ignores ids that are no ids and reads at most twenty of each', async () => {
    const junk = [0, -1, 1.5, 2_147_483_648, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER];
    expect(await ask({ subjectIds: junk, materialTypeIds: junk })).toEqual([]);
    expect(prices(await ask({ subjectIds: [...junk, ids.subject], materialTypeIds: junk }))).toEqual([
      1204, 1202, 1201, 1216, 1210, 1211,
    ]);
    const padding = Array.from({ length: 20 }, (_, i) => 2_000_000_000 + i);
    expect(await ask({ subjectIds: [...padding, ids.subject], materialTypeIds: [...padding, ids.type] })).toEqual([]);
    expect(
      await ask({ subjectIds: 'nonsense' as unknown as number[], materialTypeIds: null as unknown as number[] }),
    ).toEqual([]);
  });

  it('returns at most the limit asked for, and never more than 200', async () => {
    expect(prices(await ask({ limit: 2 }))).toEqual([1204, 1201]);
    expect(await ask({ limit: 0 })).toHaveLength(1);
    expect(await ask({ limit: 10_000 })).toHaveLength(7);
  });

  it('agrees with a plain reading of the seeded catalogue, and forgets an unpublished material', async () => {
    const db = getDb();
    const subjectIds = (await db.select({ id: t.subjects.id }).from(t.subjects).where(eq(t.subjects.world, 'de')))
      .map((s) => s.id)
      .filter((id) => id !== ids.subject && id !== ids.otherSubject)
      .slice(0, 20);
    const typeIds = (
      await db.select({ id: t.materialTypes.id }).from(t.materialTypes).where(eq(t.materialTypes.world, 'de'))
    )
      .map((m) => m.id)
      .filter((id) => id !== ids.type && id !== ids.otherType)
      .slice(0, 20);
    const question = { world: 'de', subjectIds, materialTypeIds: typeIds, pages: 12 };

    // The same rules read plainly, in JavaScript, from the whole table.
    const rows = await db.select().from(t.materials).where(eq(t.materials.world, 'de'));
    const subjectLinked = new Set(
      (await db.select().from(t.materialSubjects).where(inArray(t.materialSubjects.subjectId, subjectIds))).map(
        (l) => l.materialId,
      ),
    );
    const typeLinked = new Set(
      (
        await db.select().from(t.materialMaterialTypes).where(inArray(t.materialMaterialTypes.materialTypeId, typeIds))
      ).map((l) => l.materialId),
    );
    const comparable = rows.filter(
      (m) =>
        m.isActive &&
        m.deletedAt === null &&
        m.priceCents > 0 &&
        !m.isBundle &&
        m.currency === 'EUR' &&
        m.pages >= 4 &&
        m.pages <= 36 &&
        (subjectLinked.has(m.id) || typeLinked.has(m.id)),
    );
    const expected = (materials: typeof rows) =>
      materials
        .map((m) =>
          JSON.stringify({
            priceCents: m.priceCents,
            salesCount: m.salesCount,
            pages: m.pages,
            sameSubject: subjectLinked.has(m.id),
            sameType: typeLinked.has(m.id),
          } satisfies ComparableMaterial),
        )
        .sort();
    const key = (c: ComparableMaterial) =>
      JSON.stringify({
        priceCents: c.priceCents,
        salesCount: c.salesCount,
        pages: c.pages,
        sameSubject: c.sameSubject,
        sameType: c.sameType,
      });
    const found = await findComparables(question);
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.map(key).sort()).toEqual(expected(comparable));
    const author = comparable[0]!.authorId;
    expect((await findComparables({ ...question, excludeAuthorId: author })).map(key).sort()).toEqual(
      expected(comparable.filter((m) => m.authorId !== author)),
    );
    for (let i = 1; i < found.length; i++) {
      const [a, b] = [found[i - 1]!, found[i]!];
      const rank = (c: ComparableMaterial) => Number(c.sameSubject) * 2 + Number(c.sameType);
      expect(rank(a) > rank(b) || (rank(a) === rank(b) && a.salesCount >= b.salesCount)).toBe(true);
    }

    // Unpublishing one seeded comparable takes exactly it out.
    const seeded = comparable[comparable.length - 1]!;
    await db.update(t.materials).set({ isActive: false }).where(eq(t.materials.id, seeded.id));
    try {
      expect((await findComparables(question)).map(key).sort()).toEqual(expected(comparable.slice(0, -1)));
    } finally {
      await db.update(t.materials).set({ isActive: true }).where(eq(t.materials.id, seeded.id));
    }
    expect(await findComparables(question)).toHaveLength(found.length);

    // And what the recommender makes of them: a range and a suggestion inside it, in whole cents.
    const recommendation = recommendPrice({ currency: 'EUR', pages: 12, comparables: found });
    expect(recommendation.comparables).toBe(found.length);
    const { low, high } = recommendation.rangeCents!;
    expect(Number.isSafeInteger(recommendation.suggestedCents)).toBe(true);
    expect(recommendation.suggestedCents).toBeGreaterThanOrEqual(Math.max(low, 50));
    expect(recommendation.suggestedCents).toBeLessThanOrEqual(Math.min(high, 100_00));
  });
});
