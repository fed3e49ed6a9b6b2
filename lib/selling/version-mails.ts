/**
 * Telling buyers about a new version of a material they bought: a fan-out walks the active
 * licence holders in batches and queues one mail job each, under an id made from the version and
 * the buyer, so a retried batch never mails anyone twice. Each mail is in the language of the world the
 * material was bought in, with links into that world, and respects the buyer's notification
 * settings (`materialUpdates`, on until turned off).
 * A job module: no `server-only`, no `next/*`.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { absoluteLink } from '@/lib/accounts/links';
import { idSchema } from '@/lib/input/schemas';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getMessages } from '@/lib/i18n/messages';
import { enqueueMany } from '@/lib/jobs/enqueue';
import { defineFanOut } from '@/lib/jobs/fan-out';
import { notifyNewVersion } from '@/lib/notifications/producers';
import { stableJobId } from '@/lib/jobs/periodic';
import { defineJob, MAIL_JOB_RULES } from '@/lib/jobs/registry';
import { sendMail, type OutgoingMail } from '@/lib/mail/mailer';
import { listUnsubscribeHeaders } from '@/lib/subscriptions/mail-links';
import { fill } from '@/lib/text/fill';
import { getWorldOrDefault } from '@/lib/worlds/worlds';

interface VersionMailTexts {
  subject: string;
  greeting: string;
  intro: string;
  note: string;
  link: string;
  settings: string;
  signature: string;
}

/** The stored preference key (account_states.notification_preferences); missing means yes. */
export const MATERIAL_UPDATES_PREFERENCE = 'materialUpdates';

function wantsUpdates(stored: unknown): boolean {
  const value = (stored as Record<string, unknown> | null)?.[MATERIAL_UPDATES_PREFERENCE];
  return value !== false;
}

/** The mail to one buyer about one version; null when it is not to be sent (any more). */
export async function renderVersionMail(
  materialId: number,
  versionId: number,
  userId: number,
): Promise<OutgoingMail | null> {
  const db = getDb();
  const [row] = await db
    .select({
      title: t.materials.title,
      authorId: t.materials.authorId,
      version: t.materialFileVersions.version,
      note: t.materialFileVersions.changeNote,
      published: t.materialFileVersions.publishedAt,
    })
    .from(t.materialFileVersions)
    .innerJoin(t.materials, eq(t.materials.id, t.materialFileVersions.materialId))
    .where(and(eq(t.materialFileVersions.id, versionId), eq(t.materialFileVersions.materialId, materialId)));
  if (!row?.published) return null;
  const [buyer] = await db
    .select({
      email: t.users.email,
      name: t.users.publicName,
      accountWorld: t.users.world,
      purchaseWorld: t.orders.world,
      preferences: t.accountStates.notificationPreferences,
      status: t.accountStates.status,
      licence: t.licences.id,
    })
    .from(t.licences)
    .innerJoin(t.users, eq(t.users.id, t.licences.userId))
    .leftJoin(t.accountStates, eq(t.accountStates.userId, t.users.id))
    .leftJoin(t.orderItems, eq(t.orderItems.id, t.licences.orderItemId))
    .leftJoin(t.orders, eq(t.orders.id, t.orderItems.orderId))
    .where(and(eq(t.licences.userId, userId), eq(t.licences.materialId, materialId), isNull(t.licences.revokedAt)));
  // A refunded licence, a deleted account or a buyer who turned these mails off: nothing to send.
  if (!buyer || buyer.status === 'deleted' || !wantsUpdates(buyer.preferences)) return null;
  const [author] = await db.select({ name: t.users.publicName }).from(t.users).where(eq(t.users.id, row.authorId));
  // The mail is about a purchase: it speaks the language of the world it was bought in and links
  // there (a teacher of the Greek world whose account dates from the German one reads Greek).
  // A licence without an order (granted by hand) falls back to the account's world.
  const world = getWorldOrDefault(buyer.purchaseWorld ?? buyer.accountWorld);
  const texts = (getMessages(world.language)['cabinet-materials'] as unknown as { newVersionMail: VersionMailTexts })
    .newVersionMail;
  const values = { title: row.title, name: buyer.name, author: author?.name ?? '', version: row.version };
  const text = [
    fill(texts.greeting, values),
    '',
    fill(texts.intro, values),
    ...(row.note ? ['', fill(texts.note, { note: row.note })] : []),
    '',
    fill(texts.link, { link: absoluteLink(world.code, 'cabinet-bought') }),
    '',
    texts.signature,
    '',
    fill(texts.settings, { link: absoluteLink(world.code, 'cabinet-notifications') }),
  ].join('\n');
  // The mail client's own "unsubscribe" (RFC 8058): these mails off, by the token alone.
  const headers = listUnsubscribeHeaders(world.code, { partition: 'notifications', userId, kind: 'material_updates' });
  return { to: buyer.email, subject: fill(texts.subject, values), text, headers };
}

/** One buyer's mail; reads everything when it runs, so the stored job holds no address. */
export const versionMailJob = defineJob(
  {
    name: 'material-version-mail',
    schema: z.object({ materialId: idSchema, versionId: idSchema, userId: idSchema }).strict(),
    ...MAIL_JOB_RULES,
    summarize: ({ materialId, versionId, userId }) => ({ materialId, versionId, userId }),
  },
  async ({ materialId, versionId, userId }) => {
    const mail = await renderVersionMail(materialId, versionId, userId);
    if (!mail) return { sent: false };
    await sendMail(mail);
    return { sent: true };
  },
);

/**
 * The buyers of a released version, a batch of 1,000 at a time (lib/jobs/fan-out.ts): each batch
 * queues the next one and its buyers' mails in one statement, each mail under an id made from
 * the version and the buyer, so a retried batch never mails anyone twice. A licence is one per
 * buyer and material (licences_user_material), so the buyer's id is the page's key.
 */
export const versionMailsFanOut = defineFanOut({
  name: 'material-version-mail-batch',
  event: z.object({ materialId: idSchema, versionId: idSchema }).strict(),
  key: ({ versionId }) => String(versionId),
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  // A batch (1,000 ids read, 1,000 jobs written) takes about 100 ms: a minute is ample.
  expireInSeconds: 60,
  // Each event's batches run one after another (a batch queues the next); two events may fan
  // out side by side. Not more: a batch's transaction holds the embedded database meanwhile.
  concurrency: 2,
  recipients: async ({ materialId }, after, limit) => {
    const rows = await getDb()
      .select({ userId: t.licences.userId })
      .from(t.licences)
      .where(
        and(
          eq(t.licences.materialId, materialId),
          isNull(t.licences.revokedAt),
          after === null ? undefined : gt(t.licences.userId, after),
        ),
      )
      .orderBy(asc(t.licences.userId))
      .limit(limit);
    return rows.map((row) => row.userId);
  },
  deliver: async ({ materialId, versionId }, userIds, tx) => {
    await enqueueMany(
      versionMailJob,
      userIds.map((userId) => ({
        id: stableJobId(`material-version-mail@${versionId}@${userId}`),
        data: { materialId, versionId, userId },
      })),
      { db: tx },
    );
    // And in their notifications, live if they are there (the same preference silences both).
    await notifyNewVersion(tx, userIds, materialId, versionId);
  },
});
