/**
 * A stored notification as its reader sees it: the text in the language of the world they read
 * in, and a link to the page it concerns in that world. Rendered when read (the list, the live
 * push), not when stored, so it follows the reader. No `server-only`: the live endpoint uses it.
 */
import { getMessages } from '@/lib/i18n/messages';
import { formatPrice } from '@/lib/pricing/format-price';
import { pathFor } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
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

/** Where each kind points. */
const LINKS: Record<NotificationKind, RouteId> = {
  order_paid: 'cabinet-bought',
  refund: 'cabinet-invoices',
  sale: 'cabinet-sales',
  new_follower: 'cabinet-author-page',
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
  const data = (row.data ?? {}) as Record<string, unknown>;
  const money = (minor: unknown) => formatPrice(whole(minor), text(data.currency) || 'EUR', locale);
  const values: Record<string, string | number> = {
    reference: text(data.reference),
    title: text(data.title),
    licence: texts.licences[text(data.licence)] ?? text(data.licence),
    share: money(data.shareMinor),
    amount: money(data.amountMinor),
  };
  return {
    id: row.id,
    kind: row.kind,
    text: fill(texts.kinds[row.kind], values),
    href: pathFor(world, LINKS[row.kind]),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** Renders rows, leaving out kinds this version does not know. */
export function renderNotifications(rows: NotificationRow[], world: WorldCode): NotificationView[] {
  return rows.map((row) => renderNotification(row, world)).filter((view) => view !== null);
}
