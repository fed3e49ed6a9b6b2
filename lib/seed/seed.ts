/**
 * The deterministic demo catalogue: realistic materials in the five main worlds,
 * each written in its world's language, with authors, followers, blog posts, generated covers
 * and previews, free and paid items, sales, bundles and interactive materials.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { FileStorage } from '@/lib/storage/storage';
import { slugify } from '@/lib/text/slugify';
import { MAIN_WORLDS, getWorld, type MainWorld } from '@/lib/worlds/worlds';
import { SCHOOL_TYPES } from '@/lib/catalog/school-types';
import { refreshSearchTerms } from '@/lib/search/terms';
import { hashPassword } from '@/lib/accounts/password-hash';
import { DEMO_BILLING_ADDRESS, seedDemoOrders, seedDemoSales } from './demo-orders';
import { COVER_SIZE, PREVIEW_SIZE, coverWebp, previewWebp } from './images';
import { demoWorksheetPdf } from './pdf-templates';
import { Random } from './random';
import { seedTerms } from './terms';
import { VOCABULARIES } from './vocabulary';
import type { SeedVocabulary } from './vocabulary/types';

type CoverJob = { title: string; subject: string; colorIndex: number };

/** Renders covers a few at a time: sharp works on its own threads, so both cores stay busy. */
async function writeCovers(storage: FileStorage, jobs: Map<string, CoverJob>): Promise<Map<string, number>> {
  const AT_ONCE = 4;
  const pending = [...jobs];
  const bytes = new Map<string, number>();
  for (let i = 0; i < pending.length; i += AT_ONCE) {
    await Promise.all(
      pending.slice(i, i + AT_ONCE).map(async ([key, job]) => {
        const image = await coverWebp(job.title, job.subject, job.colorIndex);
        await storage.put(key, image);
        bytes.set(key, image.length);
      }),
    );
  }
  return bytes;
}

export const DEMO_PASSWORD = 'kreide-demo';
export const DEMO_AUTHOR_DOMAIN = 'author-demo.localhost';
export const DEMO_ACCOUNTS = {
  buyer: 'buyer@demo.test',
  seller: 'seller@demo.test',
  schoolMaster: 'school-master@demo.test',
  admin: 'admin@demo.test',
} as const;

/** Above this many materials, covers come from a shared pool instead of one file each. */
const OWN_COVER_LIMIT = 10_000;
const PRICE_TIERS = [149, 199, 249, 299, 349, 399, 499, 599, 799, 999, 1299, 1999];
const DAY = 24 * 60 * 60 * 1000;

export interface SeedOptions {
  materials: number;
  /** The moment the catalogue's ages are measured from. */
  now?: Date;
  log?: (message: string) => void;
}

export interface SeedSummary {
  materials: number;
  users: number;
  authors: number;
  blogPosts: number;
  milliseconds: number;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Inserts (a, b) pairs into a two-column join table in one statement per 20,000 pairs. */
async function insertPairs(db: Database, table: string, columns: [string, string], pairs: [number, number][]) {
  await insertChunks(pairs, 20_000, (chunk) =>
    db.execute(
      sql.raw(
        `INSERT INTO ${table} (${columns[0]}, ${columns[1]}) SELECT * FROM unnest('{${chunk.map((p) => p[0]).join(',')}}'::int[], '{${chunk.map((p) => p[1]).join(',')}}'::int[]) ON CONFLICT DO NOTHING`,
      ),
    ),
  );
}

interface WorldContext {
  world: MainWorld;
  vocab: SeedVocabulary;
  subjectIds: number[];
  gradeIds: number[];
  learningYearIds: number[];
  materialTypeIds: number[];
  keywordIdsBySubject: number[][];
  lessonIds: number[];
  schoolIds: number[];
  authorIds: number[];
  readerIds: number[];
}

/** Creates the demo catalogue in an empty database. */
export async function seedDemoCatalogue(
  db: Database,
  storage: FileStorage,
  options: SeedOptions,
): Promise<SeedSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const random = new Random(20260101);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const perWorld = Math.floor(options.materials / MAIN_WORLDS.length);
  const authorsPerWorld = Math.max(8, Math.ceil(perWorld / 30));
  let userCount = 0;
  let blogPostCount = 0;

  // Demo accounts first, so their ids are small and stable.
  const [buyer, seller, schoolMaster, admin] = await db
    .insert(t.users)
    .values([
      {
        email: DEMO_ACCOUNTS.buyer,
        slug: 'demo-kaeuferin',
        publicName: 'Demo Käuferin',
        passwordHash,
        doubleOptIn: true,
      },
      {
        email: DEMO_ACCOUNTS.seller,
        slug: 'frau-demo',
        publicName: 'Frau Demo',
        passwordHash,
        doubleOptIn: true,
        isSeller: true,
        becameSellerAt: new Date(now.getTime() - 900 * DAY),
      },
      {
        email: DEMO_ACCOUNTS.schoolMaster,
        slug: 'schulleitung-demo',
        publicName: 'Schulleitung Demo',
        passwordHash,
        doubleOptIn: true,
        schoolRole: 'master',
      },
      {
        email: DEMO_ACCOUNTS.admin,
        slug: 'admin',
        publicName: 'Kreide Admin',
        passwordHash,
        doubleOptIn: true,
        role: 'admin',
      },
    ])
    .returning({ id: t.users.id });
  userCount += 4;
  await db.insert(t.authorProfiles).values({
    userId: seller!.id,
    subtitle: 'Grundschullehrerin aus Köln',
    description:
      '<p>Ich unterrichte seit 15 Jahren an einer Grundschule in Köln und teile hier, was in meinen Klassen wirklich funktioniert.</p>',
    instagramProfile: 'frau.demo.unterricht',
    teachableCertified: true,
  });
  await db.insert(t.authorDomains).values({ domain: DEMO_AUTHOR_DOMAIN, authorId: seller!.id, world: 'de' });
  await db.insert(t.accountStates).values(
    [buyer!, seller!, schoolMaster!, admin!].map((user, index) => ({
      userId: user.id,
      status: 'active',
      emailConfirmedAt: now,
      inviteCode: ['demobuyer', 'demoseller', 'demoschool', 'demoadmin'][index]!,
    })),
  );
  await seedTerms(db, [buyer!.id, seller!.id, schoolMaster!.id, admin!.id]);
  await seedBuyingDemo(db, buyer!.id);

  const contexts: WorldContext[] = [];
  for (const world of MAIN_WORLDS) {
    const vocab = VOCABULARIES[world];
    const subjectRows = await db
      .insert(t.subjects)
      .values(
        vocab.subjects.map((s, i) => ({ world, key: s.key, title: s.title, slug: slugify(s.title), position: i })),
      )
      .returning({ id: t.subjects.id });
    const gradeRows = await db
      .insert(t.grades)
      .values(vocab.grades.map((title, i) => ({ world, level: i + 1, title })))
      .returning({ id: t.grades.id });
    const lyRows = await db
      .insert(t.learningYears)
      .values(vocab.learningYears.map((title, i) => ({ world, position: i, title })))
      .returning({ id: t.learningYears.id });
    const typeRows = await db
      .insert(t.materialTypes)
      .values(vocab.materialTypes.map((m) => ({ world, key: m.key, title: m.title })))
      .returning({ id: t.materialTypes.id });

    // Keywords: every topic is a keyword landing of its subject.
    const keywordIdsBySubject: number[][] = [];
    const seenSlugs = new Set<string>();
    for (const subject of vocab.subjects) {
      const fresh = subject.topics.filter((topic) => !seenSlugs.has(slugify(topic)));
      fresh.forEach((topic) => seenSlugs.add(slugify(topic)));
      const rows = fresh.length
        ? await db
            .insert(t.keywords)
            .values(fresh.map((title) => ({ world, title, slug: slugify(title) })))
            .returning({ id: t.keywords.id })
        : [];
      keywordIdsBySubject.push(rows.map((r) => r.id));
    }

    const lessonValues = Array.from({ length: 30 }, (_, i) => {
      const subjectIndex = i % vocab.subjects.length;
      const subject = vocab.subjects[subjectIndex]!;
      const title = fill(vocab.lessonTitles[i % vocab.lessonTitles.length]!, { topic: random.pick(subject.topics) });
      return {
        world,
        title,
        slug: slugify(title),
        intro: fill(random.pick(vocab.descriptionSentences), {
          topic: subject.topics[0]!,
          subject: subject.title,
          grade: vocab.grades[4]!,
          pages: 12,
          type: vocab.materialTypes[0]!.title,
        }),
        subjectId: subjectRows[subjectIndex]!.id,
      };
    });
    const lessonRows = await db.insert(t.lessons).values(lessonValues).returning({ id: t.lessons.id });

    const schoolRows = await db
      .insert(t.schools)
      .values(
        vocab.schools.map((s, i) => ({
          world,
          name: s.name,
          city: s.city,
          slug: slugify(`${s.name} ${s.city}`),
          schoolType: SCHOOL_TYPES[1 + (i % (SCHOOL_TYPES.length - 1))]!,
          isVerified: i % 3 === 0,
        })),
      )
      .returning({ id: t.schools.id });

    // Authors (sellers) and readers (followers) of this world.
    const authorIds: number[] = world === 'de' ? [seller!.id] : [];
    const authorValues = Array.from({ length: authorsPerWorld - authorIds.length }, (_, i) => {
      const name = `${random.pick(vocab.firstNames)} ${random.pick(vocab.lastNames)}`;
      return {
        email: `author-${world}-${i + 1}@demo.test`,
        slug: slugify(name),
        publicName: name,
        world,
        currencyCode: getWorld(world).currency,
        isSeller: true,
        becameSellerAt: new Date(now.getTime() - random.int(30, 1500) * DAY),
        createdAt: new Date(now.getTime() - random.int(1500, 2500) * DAY),
        doubleOptIn: true,
      };
    });
    const authorRows = await db.insert(t.users).values(authorValues).returning({ id: t.users.id });
    authorIds.push(...authorRows.map((r) => r.id));
    await db.insert(t.authorProfiles).values(
      authorRows.map((row) => {
        const subject = random.pick(vocab.subjects);
        return {
          userId: row.id,
          subtitle: random.pick(vocab.authorSubtitles),
          description: `<p>${escapeHtml(fill(random.pick(vocab.authorDescriptions), { subject: subject.title }))}</p>`,
          instagramProfile: random.chance(0.4) ? `kreide.${row.id}` : null,
          pinterestProfile: random.chance(0.2) ? `kreide${row.id}` : null,
          facebookProfile: random.chance(0.2) ? `kreide.author.${row.id}` : null,
          teachableCertified: random.chance(0.15),
          privateProfile: random.chance(0.03),
        };
      }),
    );
    const readerRows = await db
      .insert(t.users)
      .values(
        Array.from({ length: 40 }, (_, i) => {
          const name = `${random.pick(vocab.firstNames)} ${random.pick(vocab.lastNames)}`;
          return {
            email: `reader-${world}-${i + 1}@demo.test`,
            slug: slugify(name),
            publicName: name,
            world,
            currencyCode: getWorld(world).currency,
          };
        }),
      )
      .returning({ id: t.users.id });
    userCount += authorRows.length + readerRows.length;

    contexts.push({
      world,
      vocab,
      subjectIds: subjectRows.map((r) => r.id),
      gradeIds: gradeRows.map((r) => r.id),
      learningYearIds: lyRows.map((r) => r.id),
      materialTypeIds: typeRows.map((r) => r.id),
      keywordIdsBySubject,
      lessonIds: lessonRows.map((r) => r.id),
      schoolIds: schoolRows.map((r) => r.id),
      authorIds,
      readerIds: readerRows.map((r) => r.id),
    });
  }
  await db
    .update(t.users)
    .set({ schoolId: contexts[0]!.schoolIds[0]! })
    .where(sql`id = ${schoolMaster!.id}`);

  // Follows: readers and other authors follow authors of their world.
  const follows: [number, number][] = [];
  for (const ctx of contexts) {
    for (const follower of [...ctx.readerIds, ...ctx.authorIds]) {
      for (const author of random.sample(ctx.authorIds, random.int(1, 5)))
        if (author !== follower) follows.push([follower, author]);
    }
  }
  await insertPairs(db, 'author_follows', ['follower_id', 'author_id'], follows);
  await db.execute(sql`UPDATE author_profiles p SET
    followers_number = (SELECT count(*)::int FROM author_follows f WHERE f.author_id = p.user_id),
    following_number = (SELECT count(*)::int FROM author_follows f WHERE f.follower_id = p.user_id)`);
  log(`users: ${userCount}, follows: ${follows.length}`);

  // Blog posts.
  for (const ctx of contexts) {
    const posts = ctx.authorIds.flatMap((authorId, index) =>
      Array.from({ length: index === 0 ? 4 : random.int(0, 3) }, () => {
        const subject = random.pick(ctx.vocab.subjects);
        const values = { topic: random.pick(subject.topics), subject: subject.title };
        const body = random
          .sample(ctx.vocab.blogParagraphs, 3)
          .map((p) => `<p>${escapeHtml(fill(p, values))}</p>`)
          .join('');
        return {
          authorId,
          world: ctx.world,
          title: fill(random.pick(ctx.vocab.blogTitles), values),
          body,
          publishedAt: new Date(now.getTime() - random.int(1, 700) * DAY),
        };
      }),
    );
    if (posts.length) await insertChunks(posts, 500, (chunk) => db.insert(t.blogPosts).values(chunk));
    blogPostCount += posts.length;
  }

  // Shared preview pages: a few per subject and world, like a real worksheet's pages.
  const previewKeys = new Map<string, string[]>();
  for (const ctx of contexts) {
    for (const [si, subject] of ctx.vocab.subjects.entries()) {
      const keys: string[] = [];
      for (let v = 0; v < 3; v++) {
        const key = `previews/${ctx.world}/${subject.key}-${v}.webp`;
        await storage.put(key, await previewWebp(subject.topics[v % subject.topics.length]!, v + si));
        keys.push(key);
      }
      previewKeys.set(`${ctx.world}:${si}`, keys);
    }
  }

  // Demo files: one worksheet PDF per subject and world, in the world's language, shared by the
  // subject's materials (a 100,000-material catalogue writes a few dozen PDFs, not 100,000).
  const worksheets = new Map<string, { key: string; size: number; sha256: string }>();
  for (const ctx of contexts) {
    for (const [si, subject] of ctx.vocab.subjects.entries()) {
      const bytes = Buffer.from(await demoWorksheetPdf(ctx.vocab, si));
      const key = `materials/demo/${ctx.world}/${subject.key}.pdf`;
      await storage.put(key, bytes);
      worksheets.set(`${ctx.world}:${si}`, {
        key,
        size: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      });
    }
  }

  let materialCount = 0;
  const ownCovers = options.materials <= OWN_COVER_LIMIT;
  const coverBytes = new Map<string, number>();
  for (const [worldIndex, ctx] of contexts.entries()) {
    const count = perWorld + (worldIndex === 0 ? options.materials - perWorld * MAIN_WORLDS.length : 0);
    for (let offset = 0; offset < count; offset += 1000) {
      const size = Math.min(1000, count - offset);
      const plans = Array.from({ length: size }, (_, i) => planMaterial(ctx, random, now, offset + i));
      const rows = await db
        .insert(t.materials)
        .values(plans.map((p) => p.row))
        .returning({ id: t.materials.id });
      const ids = rows.map((r) => r.id);
      const pairs = {
        subjects: [] as [number, number][],
        grades: [] as [number, number][],
        years: [] as [number, number][],
        types: [] as [number, number][],
        keywords: [] as [number, number][],
        lessons: [] as [number, number][],
        schools: [] as [number, number][],
      };
      const schoolTypeRows: { materialId: number; schoolType: string }[] = [];
      const files: (typeof t.materialFiles.$inferInsert)[] = [];
      const versions: (typeof t.materialFileVersions.$inferInsert)[] = [];
      const coverJobs = new Map<string, CoverJob>();
      const previews: (typeof t.materialPreviews.$inferInsert)[] = [];
      for (const [i, plan] of plans.entries()) {
        const id = ids[i]!;
        pairs.subjects.push([id, ctx.subjectIds[plan.subjectIndex]!]);
        plan.gradeIds.forEach((g) => pairs.grades.push([id, g]));
        plan.learningYearIds.forEach((y) => pairs.years.push([id, y]));
        pairs.types.push([id, plan.materialTypeId]);
        plan.keywordIds.forEach((k) => pairs.keywords.push([id, k]));
        if (plan.lessonId) pairs.lessons.push([id, plan.lessonId]);
        if (plan.schoolId) pairs.schools.push([id, plan.schoolId]);
        plan.schoolTypes.forEach((schoolType) => schoolTypeRows.push({ materialId: id, schoolType }));
        const coverKey = ownCovers ? `covers/${id}.webp` : `covers/pool-${ctx.world}-${id % 100}.webp`;
        if (!coverBytes.has(coverKey) && !coverJobs.has(coverKey)) {
          coverJobs.set(coverKey, {
            title: plan.row.title,
            subject: ctx.vocab.subjects[plan.subjectIndex]!.title,
            colorIndex: plan.subjectIndex,
          });
        }
        // Its size is filled in once the cover is rendered, below.
        files.push({
          materialId: id,
          type: 'cover',
          name: 'cover.webp',
          storagePath: coverKey,
          mimeType: 'image/webp',
          sizeBytes: 0,
        });
        if (plan.hasMainFile) {
          const worksheet = worksheets.get(`${ctx.world}:${plan.subjectIndex}`)!;
          files.push({
            materialId: id,
            type: 'material_file',
            name: `${plan.row.slug}.pdf`,
            storagePath: worksheet.key,
            mimeType: 'application/pdf',
            sizeBytes: worksheet.size,
          });
          versions.push({
            materialId: id,
            version: 1,
            name: `${plan.row.slug}.pdf`,
            storagePath: worksheet.key,
            mimeType: 'application/pdf',
            sizeBytes: worksheet.size,
            sha256: worksheet.sha256,
            publishedAt: plan.row.createdAt,
          });
        }
        if (plan.hasSources) {
          files.push({
            materialId: id,
            type: 'sources',
            name: `${plan.row.slug}-vorlagen.docx`,
            storagePath: `materials/${id}-sources.docx`,
            mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            sizeBytes: 60_000,
          });
        }
        const pool = previewKeys.get(`${ctx.world}:${plan.subjectIndex}`)!;
        for (let p = 0; p < plan.previewCount; p++) {
          const size = p === 0 ? COVER_SIZE : PREVIEW_SIZE;
          previews.push({
            materialId: id,
            position: p,
            storagePath: p === 0 ? coverKey : pool[(p + id) % pool.length]!,
            // Demo pages are pooled images, shown and public where they are.
            publicPath: p === 0 ? coverKey : pool[(p + id) % pool.length]!,
            width: size.width,
            height: size.height,
          });
        }
      }
      await insertPairs(db, 'material_subjects', ['material_id', 'subject_id'], pairs.subjects);
      await insertPairs(db, 'material_grades', ['material_id', 'grade_id'], pairs.grades);
      await insertPairs(db, 'material_learning_years', ['material_id', 'learning_year_id'], pairs.years);
      await insertPairs(db, 'material_material_types', ['material_id', 'material_type_id'], pairs.types);
      await insertPairs(db, 'material_keywords', ['material_id', 'keyword_id'], pairs.keywords);
      await insertPairs(db, 'material_lessons', ['material_id', 'lesson_id'], pairs.lessons);
      await insertPairs(db, 'material_schools', ['material_id', 'school_id'], pairs.schools);
      await insertChunks(schoolTypeRows, 5000, (chunk) => db.insert(t.materialSchoolTypes).values(chunk));
      for (const [key, bytes] of await writeCovers(storage, coverJobs)) coverBytes.set(key, bytes);
      for (const file of files) if (file.type === 'cover') file.sizeBytes = coverBytes.get(file.storagePath)!;
      await insertChunks(files, 3000, (chunk) => db.insert(t.materialFiles).values(chunk));
      await insertChunks(versions, 3000, (chunk) => db.insert(t.materialFileVersions).values(chunk));
      await insertChunks(previews, 5000, (chunk) => db.insert(t.materialPreviews).values(chunk));

      // Bundles: each bundle holds 3–5 other materials of its author from the same batch.
      const bundleItems: [number, number][] = [];
      plans.forEach((plan, i) => {
        if (!plan.row.isBundle) return;
        const candidates = plans
          .map((p, j) => ({ p, j }))
          .filter(({ p, j }) => j !== i && !p.row.isBundle && p.row.authorId === plan.row.authorId);
        const chosen = random.sample(candidates, random.int(3, 5));
        const fallback =
          chosen.length >= 2
            ? chosen
            : random.sample(
                plans.map((p, j) => ({ p, j })).filter(({ p, j }) => j !== i && !p.row.isBundle),
                3,
              );
        fallback.forEach(({ j }) => bundleItems.push([ids[i]!, ids[j]!]));
      });
      await insertPairs(db, 'bundle_items', ['bundle_id', 'material_id'], bundleItems);
      materialCount += size;
      log(`${ctx.world}: ${offset + size}/${count} materials`);
    }
  }

  // Bestsellers: the top 3 % by sales of each subject and world.
  await db.execute(sql`UPDATE materials m SET best_in_categories = jsonb_build_array(ranked.subject_id)
    FROM (SELECT ms.material_id, ms.subject_id,
                 percent_rank() OVER (PARTITION BY ms.subject_id ORDER BY m2.sales_count DESC) AS pr
          FROM material_subjects ms JOIN materials m2 ON m2.id = ms.material_id) ranked
    WHERE ranked.material_id = m.id AND ranked.pr < 0.03`);

  await seedDemoOrders(db, buyer!.id, now);
  // The demo seller sold last month and has bank details: the payout run has a month to pay.
  await seedDemoSales(db, seller!.id, schoolMaster!.id, now);
  await db.insert(t.bankDetails).values({
    userId: seller!.id,
    accountHolder: 'Frau Demo',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  });

  await refreshSearchTerms(db);
  // Fresh statistics, or the planner guesses six rows per world and skips the search index.
  await db.execute(sql`ANALYZE`);

  return {
    materials: materialCount,
    users: userCount,
    authors: contexts.reduce((n, c) => n + c.authorIds.length, 0),
    blogPosts: blogPostCount,
    milliseconds: Date.now() - started,
  };
}

function planMaterial(ctx: WorldContext, random: Random, now: Date, index: number) {
  const { vocab } = ctx;
  const subjectIndex = random.int(0, vocab.subjects.length - 1);
  const subject = vocab.subjects[subjectIndex]!;
  const topic = random.pick(subject.topics);
  const typeIndex = random.int(0, vocab.materialTypes.length - 1);
  const type = vocab.materialTypes[typeIndex]!;
  const firstGrade = random.int(0, 11);
  const gradeSpan = random.int(0, 2);
  const gradeIndexes = Array.from({ length: gradeSpan + 1 }, (_, i) => Math.min(12, firstGrade + i));
  const grade = vocab.grades[gradeIndexes[0]!]!;
  const pages = random.int(2, 40);
  const values = { topic, subject: subject.title, grade, pages, type: type.title };
  const title = fill(random.pick(vocab.titlePatterns), values).replace(/\s+/g, ' ').trim();
  const long = random.chance(0.08);
  const paragraphs = Array.from(
    { length: long ? random.int(10, 14) : random.int(2, 4) },
    () =>
      `<p>${escapeHtml(
        random
          .sample(vocab.descriptionSentences, random.int(2, 3))
          .map((s) => fill(s, values))
          .join(' '),
      )}</p>`,
  );
  if (random.chance(0.4)) {
    paragraphs.splice(
      1,
      0,
      `<ul>${random
        .sample(subject.topics, 3)
        .map((x) => `<li>${escapeHtml(x)}</li>`)
        .join('')}</ul>`,
    );
  }
  // The demo seller owns a larger share of the German catalogue, for a full storefront.
  const authorId = ctx.world === 'de' && index % 12 === 0 ? ctx.authorIds[0]! : random.pick(ctx.authorIds);
  const free = random.chance(0.28);
  const priceCents = free ? 0 : random.pick(PRICE_TIERS);
  const onSale = !free && random.chance(0.1);
  const isBundle = !free && random.chance(0.05);
  const interactive = random.chance(0.08);
  // Half of the interactive ones carry the flag; the others only an interactive id and no main file.
  const flagged = interactive && random.chance(0.5);
  const ageDays = random.chance(0.03) ? random.int(0, 13) : random.int(14, 1100);
  const createdAt = new Date(now.getTime() - ageDays * DAY - random.int(0, DAY - 1));
  const salesCount = Math.floor(2500 * Math.pow(random.next(), 7));
  const ratingCount = Math.floor(salesCount * 0.08);
  return {
    subjectIndex,
    gradeIds: gradeIndexes.map((g) => ctx.gradeIds[g]!),
    learningYearIds: [ctx.learningYearIds[Math.min(ctx.learningYearIds.length - 1, Math.floor(firstGrade / 2))]!],
    materialTypeId: ctx.materialTypeIds[typeIndex]!,
    keywordIds: random.sample(ctx.keywordIdsBySubject[subjectIndex]!, random.int(1, 3)),
    lessonId: random.chance(0.3) ? random.pick(ctx.lessonIds) : null,
    schoolId: random.chance(0.1) ? random.pick(ctx.schoolIds) : null,
    schoolTypes: random.sample(SCHOOL_TYPES.slice(1), random.int(1, 2)),
    hasMainFile: !(interactive && !flagged),
    hasSources: random.chance(0.25),
    previewCount: random.int(1, 4),
    row: {
      world: ctx.world,
      authorId,
      title,
      slug: slugify(title),
      description: paragraphs.join(''),
      priceCents,
      currency: getWorld(ctx.world).currency,
      salePriceCents: onSale ? Math.floor((priceCents * 0.7) / 10) * 10 + 9 : null,
      saleEndsAt: onSale ? new Date(now.getTime() + random.int(3, 30) * DAY) : null,
      isBundle,
      isBundleInteractive: isBundle && interactive,
      isStandaloneInteractive: flagged,
      interactiveId: interactive ? 10_000 + index : null,
      pages,
      salesCount,
      ratingCount,
      ratingSum: ((ratingCount * random.int(38, 50)) / 10) | 0,
      createdAt,
      updatedAt: createdAt,
      publishedAt: createdAt,
    } satisfies typeof t.materials.$inferInsert,
  };
}

/** The demo voucher code of each main world: KREIDE10 in de, KREIDE10-ES … elsewhere (10 % off). */
export function demoVoucherCode(world: MainWorld): string {
  return world === 'de' ? 'KREIDE10' : `KREIDE10-${world.toUpperCase()}`;
}

/**
 * What the demo buyer needs to buy at once: a billing address, 5 € of credit in de, and a 10 %
 * voucher per main world (the order history follows once the catalogue exists).
 */
async function seedBuyingDemo(db: Database, buyerId: number): Promise<void> {
  await db.insert(t.billingAddresses).values({ userId: buyerId, ...DEMO_BILLING_ADDRESS });
  await db
    .insert(t.creditBalances)
    .values({ userId: buyerId, world: 'de', currency: 'EUR', balanceMinor: 500, hadCredits: true });
  await db.insert(t.creditEntries).values({ userId: buyerId, world: 'de', amountMinor: 500, reason: 'admin' });
  await db.insert(t.vouchers).values(
    MAIN_WORLDS.map((world) => ({
      code: demoVoucherCode(world),
      world,
      kind: 'percent',
      percentBasisPoints: 1000,
      currency: getWorld(world).currency,
    })),
  );
}
