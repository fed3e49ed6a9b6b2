import 'server-only';
import { and, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { stripUnstorable } from '@/lib/input/schemas';
import { getDb } from '@/lib/db/client';
import { containsPattern } from '@/lib/db/like-pattern';
import * as t from '@/lib/db/schema';
import { getMessages } from '@/lib/i18n/messages';
import { getStorage } from '@/lib/storage/storage';
import { fill } from '@/lib/text/fill';
import { getWorld, isWorldCode, type WorldCode } from '@/lib/worlds/worlds';
import { readFreeDownloadToken } from './links';
import { stampPdf } from './stamp';

/** A file ready to send: its bytes, name and type. */
export interface DownloadFile {
  bytes: Uint8Array;
  name: string;
  mimeType: string;
}

/** A material the buyer holds a licence for, as the cabinet lists it. */
export interface OwnedMaterial {
  materialId: number;
  title: string;
  slug: string;
  world: string;
  licence: 'single' | 'school';
  grantedAt: string;
  orderId: number | null;
  orderReference: string | null;
  /** False while the material has no downloadable file (an interactive one, say). */
  hasFile: boolean;
}

/** What the bought-materials list is narrowed to (all of it when empty). */
export interface OwnedMaterialFilter {
  /** Words of the title or the order reference. */
  q?: string;
  licence?: 'single' | 'school';
  /** The world the material was bought in. */
  world?: WorldCode;
}

/** The query of the bought-materials page, checked: anything that is not a filter is ignored. */
export const ownedMaterialFilterSchema = z.object({
  q: z.string().trim().max(100).transform(stripUnstorable).optional().catch(undefined),
  licence: z.enum(['single', 'school']).optional().catch(undefined),
  world: z
    .string()
    .refine((value): value is WorldCode => isWorldCode(value))
    .optional()
    .catch(undefined),
});

/** The materials this buyer owns (active licences), newest first, narrowed by `filter`. */
export async function listOwnedMaterials(userId: number, filter: OwnedMaterialFilter = {}): Promise<OwnedMaterial[]> {
  const db = getDb();
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const rows = await db
    .select({
      materialId: t.licences.materialId,
      kind: t.licences.kind,
      grantedAt: t.licences.grantedAt,
      title: t.materials.title,
      slug: t.materials.slug,
      world: t.materials.world,
      orderId: t.orders.id,
      orderReference: t.orders.reference,
    })
    .from(t.licences)
    .innerJoin(t.materials, eq(t.materials.id, t.licences.materialId))
    .leftJoin(t.orderItems, eq(t.orderItems.id, t.licences.orderItemId))
    .leftJoin(t.orders, eq(t.orders.id, t.orderItems.orderId))
    .where(
      and(
        eq(t.licences.userId, userId),
        isNull(t.licences.revokedAt),
        pattern ? or(ilike(t.materials.title, pattern), ilike(t.orders.reference, pattern)) : undefined,
        filter.licence ? eq(t.licences.kind, filter.licence) : undefined,
        filter.world ? eq(t.materials.world, filter.world) : undefined,
      ),
    )
    .orderBy(desc(t.licences.grantedAt), desc(t.licences.id));
  const withFiles = new Set(
    (
      await db
        .selectDistinct({ materialId: t.materialFileVersions.materialId })
        .from(t.materialFileVersions)
        .innerJoin(t.licences, eq(t.licences.materialId, t.materialFileVersions.materialId))
        .where(
          and(
            eq(t.licences.userId, userId),
            isNull(t.licences.revokedAt),
            isNotNull(t.materialFileVersions.publishedAt),
          ),
        )
    ).map((row) => row.materialId),
  );
  return rows.map((row) => ({
    materialId: row.materialId,
    title: row.title,
    slug: row.slug,
    world: row.world,
    licence: row.kind === 'school' ? 'school' : 'single',
    grantedAt: row.grantedAt.toISOString(),
    orderId: row.orderId,
    orderReference: row.orderReference,
    hasFile: withFiles.has(row.materialId),
  }));
}

/** The worlds the buyer's materials were bought in, for the list's world filter. */
export async function listOwnedWorlds(userId: number): Promise<WorldCode[]> {
  const rows = await getDb()
    .selectDistinct({ world: t.materials.world })
    .from(t.licences)
    .innerJoin(t.materials, eq(t.materials.id, t.licences.materialId))
    .where(and(eq(t.licences.userId, userId), isNull(t.licences.revokedAt)));
  return rows
    .map((row) => row.world)
    .filter(isWorldCode)
    .sort();
}

/**
 * What the link of a free material's mail opens: the material, for the teacher it was mailed to,
 * while their licence holds and there is a file; null otherwise (forged, expired, refunded,
 * withdrawn), so the page says the link no longer works.
 */
export async function getFreeDownload(
  token: string,
): Promise<{ userId: number; materialId: number; title: string; slug: string; world: WorldCode } | null> {
  const opened = readFreeDownloadToken(token);
  if (!opened) return null;
  try {
    await assertDownloadable(opened.userId, opened.materialId);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const [material] = await getDb()
    .select({ title: t.materials.title, slug: t.materials.slug, world: t.materials.world })
    .from(t.materials)
    .where(eq(t.materials.id, opened.materialId));
  if (!material || !isWorldCode(material.world)) return null;
  return { ...opened, title: material.title, slug: material.slug, world: material.world };
}

/** The buyer's active licence of a material, or a 404 (also for someone else's). */
async function activeLicence(userId: number, materialId: number) {
  const [licence] = await getDb()
    .select()
    .from(t.licences)
    .where(and(eq(t.licences.userId, userId), eq(t.licences.materialId, materialId), isNull(t.licences.revokedAt)));
  if (!licence) throw new AppError('not_found', undefined, { reason: 'not_owned' });
  return licence;
}

/** Refuses early, before a link is made, when the buyer holds no licence or there is no file. */
export async function assertDownloadable(userId: number, materialId: number): Promise<void> {
  await activeLicence(userId, materialId);
  await latestVersion(materialId);
}

/** The newest released version: a staged upload (publishedAt null) is the seller's until released. */
async function latestVersion(materialId: number) {
  const [version] = await getDb()
    .select()
    .from(t.materialFileVersions)
    .where(and(eq(t.materialFileVersions.materialId, materialId), isNotNull(t.materialFileVersions.publishedAt)))
    .orderBy(desc(t.materialFileVersions.version))
    .limit(1);
  if (!version) throw new AppError('not_found', undefined, { reason: 'no_file' });
  return version;
}

/**
 * The licence line stamped on a copy, in the language of the order that granted it: the
 * buyer's name as on the invoice (or their public name), the order and the kind of licence.
 */
async function stampText(licence: typeof t.licences.$inferSelect): Promise<string> {
  const db = getDb();
  const [user] = await db
    .select({ publicName: t.users.publicName })
    .from(t.users)
    .where(eq(t.users.id, licence.userId));
  const [order] = licence.orderItemId
    ? await db
        .select({ reference: t.orders.reference, world: t.orders.world, billing: t.orders.billingAddress })
        .from(t.orderItems)
        .innerJoin(t.orders, eq(t.orders.id, t.orderItems.orderId))
        .where(eq(t.orderItems.id, licence.orderItemId))
    : [];
  const language = order && isWorldCode(order.world) ? getWorld(order.world).language : 'de';
  const texts = getMessages(language)['cabinet-materials'] as { stamp: Record<'single' | 'school', string> };
  const billedName = (order?.billing as { fullName?: unknown } | undefined)?.fullName;
  const name = typeof billedName === 'string' && billedName.trim() ? billedName : (user?.publicName ?? '');
  return fill(texts.stamp[licence.kind === 'school' ? 'school' : 'single'], {
    name,
    reference: order?.reference ?? '—',
  });
}

/**
 * How stamped copies are made now. A copy stored under a key of an earlier way is made again on
 * its next download: copies from before active content was removed (scripts, launch actions,
 * embedded files) and before every text layer read back as drawn must not stay with buyers.
 */
const STAMP_GENERATION = 2;

/** The storage key of a stamped copy: one per licence, file version, licence kind and generation. */
function stampedKey(licenceId: number, versionId: number, kind: string): string {
  return `stamped/${licenceId}/${versionId}-${kind === 'school' ? 'school' : 'single'}-g${STAMP_GENERATION}.pdf`;
}

/**
 * The file a buyer downloads: the newest version of the material's file; a PDF stamped on every
 * page with the buyer, order and licence. A stamped copy is made once per licence, file version
 * and licence kind and served from storage after that (an upgrade to a school licence makes a
 * new one). Refused with 404 for anyone without an active licence.
 */
export async function prepareDownload(userId: number, materialId: number): Promise<DownloadFile> {
  const licence = await activeLicence(userId, materialId);
  const version = await latestVersion(materialId);
  const storage = getStorage();
  // Counted for the seller's figures before the file is made: a download that fails after this
  // is rare, and a count never blocks a buyer's file.
  await getDb()
    .insert(t.materialDownloads)
    .values({ materialId, userId, fileVersionId: version.id })
    .catch((error: unknown) => console.error('could not count a download', error));
  if (version.mimeType !== 'application/pdf') {
    const bytes = await storage.read(version.storagePath);
    if (!bytes) throw new Error(`file version ${version.id} is missing from storage`);
    return { bytes, name: version.name, mimeType: version.mimeType };
  }
  const db = getDb();
  const [cached] = await db
    .select({ storagePath: t.stampedCopies.storagePath })
    .from(t.stampedCopies)
    .where(
      and(
        eq(t.stampedCopies.licenceId, licence.id),
        eq(t.stampedCopies.fileVersionId, version.id),
        eq(t.stampedCopies.licenceKind, licence.kind),
      ),
    );
  const key = stampedKey(licence.id, version.id, licence.kind);
  if (cached?.storagePath === key) {
    const bytes = await storage.read(cached.storagePath);
    if (bytes) return { bytes, name: version.name, mimeType: version.mimeType };
  }
  const source = await storage.read(version.storagePath);
  if (!source) throw new Error(`file version ${version.id} is missing from storage`);
  const stamped = await stampPdf(source, await stampText(licence));
  // Two first downloads at once stamp the same bytes to the same key: either write is right.
  await storage.put(key, Buffer.from(stamped));
  await db
    .insert(t.stampedCopies)
    .values({ licenceId: licence.id, fileVersionId: version.id, licenceKind: licence.kind, storagePath: key })
    .onConflictDoUpdate({
      target: [t.stampedCopies.licenceId, t.stampedCopies.fileVersionId, t.stampedCopies.licenceKind],
      set: { storagePath: key },
    });
  // A copy of an earlier generation goes: it is what this one replaces.
  if (cached && cached.storagePath !== key)
    await storage
      .remove(cached.storagePath)
      .catch((error: unknown) => console.error('could not remove a stamped copy', error));
  return { bytes: stamped, name: version.name, mimeType: version.mimeType };
}
