/**
 * Abandoned-cart reminders. A periodic sweep finds the carts of signed-in buyers that were left
 * with something to buy, gives each a restore link (a random token, stored hashed, with an
 * expiry) and queues one mail per cart in its world's language. The link opens a page that lists
 * the cart and copies it into whichever cart the visitor has (lib/commerce/cart-restore.ts).
 *
 * This module runs in job workers under plain Node: it must not import `server-only` modules
 * (lib/commerce/cart.ts is one), so it prices the lines with the pure pricing functions itself.
 */
import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { absoluteLink } from '@/lib/accounts/links';
import { hashToken } from '@/lib/accounts/tokens';
import { idSchema } from '@/lib/input/schemas';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@/lib/cabinet/validation';
import { getDb, type Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getMessages } from '@/lib/i18n/messages';
import { enqueue } from '@/lib/jobs/enqueue';
import { getQueue } from '@/lib/jobs/queue';
import { defineJob, MAIL_JOB_RULES, SWEEP_JOB_RULES } from '@/lib/jobs/registry';
import { sendMail, type OutgoingMail } from '@/lib/mail/mailer';
import { listUnsubscribeHeaders } from '@/lib/subscriptions/mail-links';
import { formatPrice } from '@/lib/pricing/format-price';
import { fill } from '@/lib/text/fill';
import { getWorld, isWorldCode, type WorldCode } from '@/lib/worlds/worlds';
import { CART_LINE_MATERIAL_COLUMNS, licenceToBuy, offeredInCart, pricingLines } from './cart-lines';
import type { CartLicence } from './licence-price';
import { priceCart } from './pricing';

/** A cart counts as abandoned once nobody has changed it for this long. */
export const ABANDONED_CART_AFTER_MS = 24 * 60 * 60 * 1000;
/** Carts left longer than this are not reminded: a reminder about last month's cart is noise. */
export const ABANDONED_CART_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a mailed restore link works. */
export const RESTORE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How often the sweep runs. */
export const ABANDONED_CART_SWEEP_SECONDS = 15 * 60;
/**
 * Carts claimed per transaction; a sweep goes on until it finds fewer, at most MAX_BATCHES times.
 * Small, because the embedded database serves nothing else while a transaction is open.
 */
const SWEEP_BATCH = 50;
const MAX_BATCHES = 40;

/** Shape of a restore token: 32 random bytes, base64url. */
export const RESTORE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Test-only (like KREIDE_TEST_CRASH_AT): when KREIDE_TEST_ABANDONED_CART_SECONDS is set, a cart
 * counts as abandoned after that many seconds and the sweep runs that often, so a browser
 * journey against a running server sees the mail. Unset in every real deployment.
 */
function testSeconds(): number | null {
  const value = Number(process.env.KREIDE_TEST_ABANDONED_CART_SECONDS);
  return Number.isInteger(value) && value >= 1 && value <= 3600 ? value : null;
}

/** The age after which a cart counts as abandoned (ABANDONED_CART_AFTER_MS outside tests). */
export function abandonedAfterMs(): number {
  const seconds = testSeconds();
  return seconds === null ? ABANDONED_CART_AFTER_MS : seconds * 1000;
}

/** A new restore token. Only its hash is stored: the carts table alone restores nothing. */
export function newRestoreToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * Which carts may be reminded now, as a condition on the row `carts` (shared by the sweep's
 * search and its claim, so a cart that changed in between is not claimed):
 * - a signed-in buyer's cart, untouched for ABANDONED_CART_AFTER and not longer than the window;
 * - not reminded for its present state: never, or the last link has expired and the cart changed
 *   after that mail (a change while a link lives sends no second mail);
 * - the buyer's account is active with a confirmed address, and they agreed to marketing mail
 *   (the newsletter preference: a cart reminder is advertising, so it needs that consent);
 * - the buyer has not ordered in this world since the cart last changed;
 * - something in it can still be bought: published, paid, in this world, not the buyer's own,
 *   not already owned (an owned single licence still leaves the upgrade to a school licence).
 */
function remindable(now: Date): SQL {
  // The preference is stored under the API's name (lib/cabinet/notification-preferences.ts);
  // a user who never chose has the default.
  const after = new Date(now.getTime() - abandonedAfterMs());
  const oldest = new Date(now.getTime() - ABANDONED_CART_WINDOW_MS);
  return sql`carts.user_id IS NOT NULL
    AND carts.updated_at <= ${after} AND carts.updated_at > ${oldest}
    AND (carts.restore_token_hash IS NULL
      OR (carts.restore_token_expires_at <= ${now} AND carts.restore_mailed_at < carts.updated_at))
    AND EXISTS (
      SELECT 1 FROM account_states s
      WHERE s.user_id = carts.user_id AND s.status = 'active' AND s.deleted_at IS NULL
        AND s.email_confirmed_at IS NOT NULL
        AND coalesce((s.notification_preferences ->> 'newsletter')::boolean, ${DEFAULT_NOTIFICATION_PREFERENCES.newsletter}))
    AND NOT EXISTS (
      SELECT 1 FROM orders o
      WHERE o.user_id = carts.user_id AND o.world = carts.world AND o.created_at >= carts.updated_at)
    AND EXISTS (
      SELECT 1 FROM cart_items i JOIN materials m ON m.id = i.material_id
      WHERE i.cart_id = carts.id AND m.is_active AND m.deleted_at IS NULL AND m.world = carts.world
        AND m.price_cents > 0 AND m.author_id <> carts.user_id
        AND NOT EXISTS (
          SELECT 1 FROM licences l
          WHERE l.user_id = carts.user_id AND l.material_id = i.material_id AND l.revoked_at IS NULL
            AND (l.kind = 'school' OR i.licence = 'single')))`;
}

/**
 * One run of the sweep: claims the carts that may be reminded now and queues their mails, a
 * batch per transaction. The batch is locked with FOR UPDATE SKIP LOCKED, and the claim is an
 * UPDATE … RETURNING that writes the token's hash only where the cart still qualifies, in the
 * transaction that queues the mail: two sweeps at the same moment (two worker processes) skip
 * each other's carts instead of waiting for them, and a cart claimed and committed by one no
 * longer qualifies for the other, so every cart is mailed once. Returns the ids claimed.
 */
export async function sweepAbandonedCarts(options: { now?: Date } = {}): Promise<number[]> {
  const now = options.now ?? new Date();
  const expires = new Date(now.getTime() + RESTORE_LINK_TTL_MS);
  // The mails are queued through the claim's transaction: the queue must run before it opens.
  await getQueue();
  const claimed: number[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const found = await getDb().transaction(async (tx) => {
      const candidates = await tx.execute<{ id: number }>(sql`
        SELECT carts.id FROM carts WHERE ${remindable(now)}
        ORDER BY carts.updated_at LIMIT ${SWEEP_BATCH}
        FOR UPDATE OF carts SKIP LOCKED`);
      if (candidates.rows.length === 0) return 0;
      const tokens = new Map(candidates.rows.map((row) => [Number(row.id), newRestoreToken()]));
      const values = sql.join(
        [...tokens].map(([id, token]) => sql`(${id}::int, ${hashToken(token)}::text)`),
        sql`, `,
      );
      const won = await tx.execute<{ id: number }>(sql`
        UPDATE carts SET restore_token_hash = v.hash, restore_token_expires_at = ${expires},
          restore_mailed_at = ${now}
        FROM (VALUES ${values}) AS v(id, hash)
        WHERE carts.id = v.id AND ${remindable(now)}
        RETURNING carts.id`);
      for (const row of won.rows) {
        const cartId = Number(row.id);
        await enqueue(abandonedCartMailJob, { cartId, token: tokens.get(cartId)! }, { db: tx });
        claimed.push(cartId);
      }
      return candidates.rows.length;
    });
    if (found < SWEEP_BATCH) break;
  }
  return claimed;
}

/** The cart a restore token opens, while its link is valid; null for anything else. */
export interface RestoreCart {
  id: number;
  world: WorldCode;
  userId: number;
  expiresAt: Date;
}

/**
 * The cart of a restore token: the token must have its shape, its hash must be stored, and the
 * link must not have expired. The lookup is by the hash, so no comparison touches the secret.
 */
export async function findRestoreCart(token: string, now: Date = new Date()): Promise<RestoreCart | null> {
  if (!RESTORE_TOKEN_PATTERN.test(token)) return null;
  const [row] = await getDb()
    .select({
      id: t.carts.id,
      world: t.carts.world,
      userId: t.carts.userId,
      expiresAt: t.carts.restoreTokenExpiresAt,
    })
    .from(t.carts)
    .where(and(eq(t.carts.restoreTokenHash, hashToken(token)), gt(t.carts.restoreTokenExpiresAt, now)));
  if (!row || row.userId === null || row.expiresAt === null || !isWorldCode(row.world)) return null;
  return { id: row.id, world: row.world, userId: row.userId, expiresAt: row.expiresAt };
}

/** A line of a cart as a reminder shows it, priced by the server now. */
export interface RestorableLine {
  materialId: number;
  title: string;
  slug: string;
  isBundle: boolean;
  licence: CartLicence;
  /** The licence's price now (the upgrade's difference for an upgrade). */
  unitGross: number;
  /** What the line adds to the total: 0 inside a bundle that is in the cart too. */
  chargedGross: number;
}

/** The lines of a cart that its owner could still buy, and what they cost together. */
export interface RestorableCart {
  world: WorldCode;
  currency: string;
  lines: RestorableLine[];
  /** Before any voucher or credit: those belong to whichever cart the lines end up in. */
  total: number;
}

/**
 * The lines of a cart its owner could still buy now, priced on the server, by the rules the
 * cart itself applies: withdrawn, deleted, free and foreign-world materials and the owner's
 * own are left out, an owned licence is not offered again (an owned single licence turns a
 * school licence into the upgrade), and a material inside a bundle of the cart costs nothing.
 */
export async function listRestorableLines(
  cart: { id: number; world: WorldCode; userId: number },
  now: Date = new Date(),
  db: Database = getDb(),
): Promise<RestorableCart> {
  const currency = getWorld(cart.world).currency;
  const rows = await db
    .select({
      materialId: t.cartItems.materialId,
      licence: t.cartItems.licence,
      ...CART_LINE_MATERIAL_COLUMNS,
    })
    .from(t.cartItems)
    .innerJoin(t.materials, eq(t.materials.id, t.cartItems.materialId))
    .where(
      and(eq(t.cartItems.cartId, cart.id), offeredInCart(cart.world), sql`${t.materials.authorId} <> ${cart.userId}`),
    )
    .orderBy(t.cartItems.addedAt, t.cartItems.materialId);
  const ids = rows.map((row) => row.materialId);
  const owned = ids.length
    ? new Map(
        (
          await db
            .select({ materialId: t.licences.materialId, kind: t.licences.kind })
            .from(t.licences)
            .where(
              and(
                eq(t.licences.userId, cart.userId),
                inArray(t.licences.materialId, ids),
                isNull(t.licences.revokedAt),
              ),
            )
        ).map((row) => [row.materialId, row.kind]),
      )
    : new Map<number, string>();
  const offered = rows.flatMap((row) => {
    const licence = licenceToBuy(row.licence === 'single' ? 'single' : 'school', owned.get(row.materialId));
    if (!licence) return [];
    return [{ ...row, licence }];
  });
  const priced = priceCart({
    currency,
    lines: await pricingLines(db, offered, now),
    voucher: null,
    credits: { availableMinor: 0, requestedMinor: 0 },
    // Prices are gross: the VAT rate splits them but changes no total.
    vat: { rateBasisPoints: 0 },
    sellerShareBasisPoints: () => 0,
  });
  return {
    world: cart.world,
    currency,
    lines: offered.map((row, index) => ({
      materialId: row.materialId,
      title: row.title,
      slug: row.slug,
      isBundle: row.isBundle,
      licence: row.licence,
      unitGross: priced.lines[index]!.unitGross,
      chargedGross: priced.lines[index]!.chargedGross,
    })),
    total: priced.originalPrice,
  };
}

interface ReminderTexts {
  subject: string;
  greeting: string;
  intro: string;
  total: string;
  link: string;
  validity: string;
  why: string;
  signature: string;
}

/**
 * Renders the reminder of a claimed cart in its world's language: the lines with their prices
 * now, the total and the restore link (first, so it is the link a reader sees), then why the
 * mail came and where to stop it. Null when the token no longer belongs to the cart (it was
 * ordered, or reminded again later), the buyer withdrew their consent meanwhile, or nothing in
 * it can be bought any more: then no mail goes out.
 */
export async function renderAbandonedCartMail(
  cartId: number,
  token: string,
  now: Date = new Date(),
): Promise<OutgoingMail | null> {
  const db = getDb();
  const [row] = await db
    .select({
      world: t.carts.world,
      userId: t.carts.userId,
      email: t.users.email,
      name: t.users.publicName,
      expiresAt: t.carts.restoreTokenExpiresAt,
      consent: sql<boolean>`coalesce((${t.accountStates.notificationPreferences} ->> 'newsletter')::boolean, ${DEFAULT_NOTIFICATION_PREFERENCES.newsletter})`,
      status: t.accountStates.status,
    })
    .from(t.carts)
    .innerJoin(t.users, eq(t.users.id, t.carts.userId))
    .innerJoin(t.accountStates, eq(t.accountStates.userId, t.carts.userId))
    .where(
      and(
        eq(t.carts.id, cartId),
        eq(t.carts.restoreTokenHash, hashToken(token)),
        gt(t.carts.restoreTokenExpiresAt, now),
      ),
    );
  if (!row || row.userId === null || !row.consent || row.status !== 'active' || !isWorldCode(row.world)) return null;
  const cart = await listRestorableLines({ id: cartId, world: row.world, userId: row.userId }, now, db);
  if (cart.lines.length === 0) return null;
  const world = getWorld(row.world);
  const texts = (getMessages(world.language).payment as unknown as { reminderMail: ReminderTexts }).reminderMail;
  const money = (minor: number) => formatPrice(minor, cart.currency, world.locale);
  const days = Math.round(RESTORE_LINK_TTL_MS / (24 * 60 * 60 * 1000));
  const text = [
    fill(texts.greeting, { name: row.name }),
    '',
    texts.intro,
    '',
    ...cart.lines.map((line) => `- ${line.title}: ${money(line.chargedGross)}`),
    fill(texts.total, { total: money(cart.total) }),
    '',
    `${texts.link}: ${absoluteLink(world.code, 'abandoned-cart', { token })}`,
    fill(texts.validity, { days }),
    '',
    `${texts.why} ${absoluteLink(world.code, 'cabinet-notifications')}`,
    '',
    texts.signature,
  ].join('\n');
  // The mail client's own "unsubscribe" (RFC 8058): marketing mail off, by the token alone.
  const headers = listUnsubscribeHeaders(world.code, { partition: 'mailing', userId: row.userId }, now.getTime());
  return { to: row.email, subject: texts.subject, text, headers };
}

/**
 * The reminder mail of one cart. It carries the token (a secret, dropped from the stored job
 * once sent) because only its hash is stored; everything else is read when it runs, so a cart
 * ordered in the meantime gets no mail. A failing mail server is retried with doubling delays.
 */
export const abandonedCartMailJob = defineJob(
  {
    name: 'abandoned-cart-mail',
    schema: z.object({ cartId: idSchema, token: z.string().regex(RESTORE_TOKEN_PATTERN) }).strict(),
    ...MAIL_JOB_RULES,
    summarize: ({ cartId }) => ({ cartId }),
    secretFields: ['token'],
  },
  async ({ cartId, token }) => {
    const mail = await renderAbandonedCartMail(cartId, token);
    if (!mail) return { sent: false };
    await sendMail(mail);
    return { sent: true };
  },
);

/**
 * The sweep, queued every ABANDONED_CART_SWEEP_SECONDS by the processes that run workers (once
 * per period among them). No retry: the next period sweeps again, and it looks at the carts'
 * state, not at a window of time, so a missed run loses nothing.
 */
export const abandonedCartSweepJob = defineJob(
  {
    name: 'abandoned-cart-sweep',
    schema: z.object({}).strict(),
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 600,
    everySeconds: testSeconds() ?? ABANDONED_CART_SWEEP_SECONDS,
    ...SWEEP_JOB_RULES,
  },
  async () => ({ claimed: (await sweepAbandonedCarts()).length }),
);
