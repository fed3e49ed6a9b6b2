/**
 * What Kreide notifies (live and in the cabinet's list), and which stored preference silences
 * which. No `server-only`: the WebSocket endpoint in server.ts's own module graph reads it too.
 */
import type { NotificationKind as PreferenceKind } from '@/lib/cabinet/validation';

export const NOTIFICATION_KINDS = [
  'order_paid',
  'refund',
  'material_version',
  'author_published',
  'sale',
  'new_follower',
  'previews_ready',
  'previews_failed',
  'payout_sent',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The preference (SPEC's five stored kinds) that turns a kind off; null: transactional, always
 * stored and pushed (money that moved is never left out). A silenced notification is not stored
 * either: it is not wanted, not merely muted. `newsletter` and `comments` silence nothing here
 * yet (no notification is advertising; comments do not exist yet). What the seller's own upload
 * did (previews) and money sent are transactional.
 */
export const SILENCED_BY: Record<NotificationKind, PreferenceKind | null> = {
  order_paid: null,
  refund: null,
  material_version: 'material_updates',
  author_published: 'followed_authors',
  sale: 'sales',
  new_follower: 'sales',
  previews_ready: null,
  previews_failed: null,
  payout_sent: null,
};

/** A page of the list (`GET v1/notifications`). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const MAX_NOTIFICATIONS_PAGE_SIZE = 100;
/** Notifications older than this are deleted by the hourly clean-up, read or not. */
export const NOTIFICATION_RETENTION_DAYS = 180;
/** A handshake ticket's life: the page asks for one right before it connects. */
export const SOCKET_TICKET_TTL_MS = 60_000;
