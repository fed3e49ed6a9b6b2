/**
 * A stored notification as its reader sees it: the text in the language of the world they read
 * in, and a link to the page it concerns in that world. Rendered when read (the list, the live
 * push), not when stored, so it follows the reader. No `server-only`: the live endpoint uses it.
 */
import { getMessages } from '@/lib/i18n/messages';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import { fill } from '@/lib/text/fill';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { NOTIFICATION_KINDS, type NotificationKind } from './kinds';
import type { NotificationRow } from './store';

/** What a client gets for one notification (the list's items, the live message's `notification`). */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  text: string;
  /** The page it concerns, in the reader's world. */
  href: string;
  createdAt: string;
  read: boolean;
}

interface NotificationTexts {
  kinds: Record<NotificationKind, string>;
  licences: Record<string, string>;
}

type Data = Record<string, unknown>;

/** Where each kind points, in the reader's world (a material's page in the material's own). */
const LINKS: Record<NotificationKind, (reader: WorldCode, row: NotificationRow, data: Data) => string> = {
  order_paid: (world) => pathFor(world, 'cabinet-bought'),
  refund: (world) => pathFor(world, 'cabinet-invoices'),
  material_version: (world) => pathFor(world, 'cabinet-bought'),
  author_published: (_world, row, data) =>
    pathFor(row.world, 'material', { id: String(whole(data.materialId)), slug: text(data.slug) || undefined }),
  sale: (world) => pathFor(world, 'cabinet-sales'),
  new_follower: (world) => pathFor(world, 'cabinet-author-page'),
  previews_ready: (world, _row, data) =>
    pathFor(world, 'cabinet-first-upload', { materialId: String(whole(data.materialId)) }),
  previews_failed: (world, _row, data) =>
    pathFor(world, 'cabinet-first-upload', { materialId: String(whole(data.materialId)) }),
  payout_sent: (world) => pathFor(world, 'cabinet-fees'),
};

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** The notification texts of a world's language (with the usual fallback to en and de). */
export function notificationTexts(world: WorldCode): NotificationTexts {
  const header = getMessages(getWorld(world).language).header as unknown as { notifications: NotificationTexts };
  return header.notifications;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const whole = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

/** Renders one stored row for a reader in `world`; null for a kind this version does not know. */
export function renderNotification(row: NotificationRow, world: WorldCode): NotificationView | null {
  if (!isKind(row.kind)) return null;
  const texts = notificationTexts(world);
  const locale = getWorld(world).locale;
  const data = (row.data ?? {}) as Data;
  const money = (minor: unknown) => formatPrice(whole(minor), text(data.currency) || 'EUR', locale);
  const values: Record<string, string | number> = {
    reference: text(data.reference),
    title: text(data.title),
    licence: texts.licences[text(data.licence)] ?? text(data.licence),
    share: money(data.shareMinor),
    amount: money(data.amountMinor),
    author: text(data.author),
    pages: whole(Number(data.pages)),
    period: text(data.period),
  };
  return {
    id: row.id,
    kind: row.kind,
    text: fill(texts.kinds[row.kind], values),
    href: LINKS[row.kind](world, row, data),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** Renders rows, leaving out kinds this version does not know. */
export function renderNotifications(rows: NotificationRow[], world: WorldCode): NotificationView[] {
  return rows.map((row) => renderNotification(row, world)).filter((view) => view !== null);
}
