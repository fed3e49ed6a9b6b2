/**
 * The single-purpose links of mails: turn one kind of mail off, turn marketing mail off, unfollow
 * one author, turn every optional mail off. Each is a signed, stateless token (lib/security/
 * signed-tokens.ts) naming the account and its one subject, under a key of its own per
 * partition, so a token opens exactly one page and one action. They work for two years: a mail
 * is read, and unsubscribed from, long after it was sent (account tokens live hours).
 * The partition is the path segment of `POST v1/subscriptions/{partition}/{token}`.
 * A job module: no `server-only`, no `next/*` (the digest job makes these links).
 */
import { z } from 'zod';
import { getPublicOrigin } from '@/lib/seo/origin';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/lib/cabinet/validation';
import { pathForRoute } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import { createSignedToken, readSignedToken } from '@/lib/security/signed-tokens';
import type { WorldCode } from '@/lib/worlds/worlds';

/**
 * What a link changes: `notifications` one kind of mail (the token names it), `mailing` marketing
 * mail (the newsletter preference), `authors` the follow of one author (the token names the
 * author), `all` every kind of mail a user can turn off.
 */
export const MAIL_LINK_PARTITIONS = ['notifications', 'mailing', 'authors', 'all'] as const;
export type MailLinkPartition = (typeof MAIL_LINK_PARTITIONS)[number];
export const mailLinkPartitionSchema = z.enum(MAIL_LINK_PARTITIONS);

/** The page of each partition's link (SPEC §2: shopping and links from e-mails). */
export const MAIL_LINK_ROUTES: Record<MailLinkPartition, RouteId> = {
  notifications: 'unsubscribe',
  mailing: 'mailing-unsubscribe',
  authors: 'unfollow-author',
  all: 'unsubscribe-by-link',
};

/** How long a mail's link works: "at least a year" (issue 24), with room for a mail kept long. */
export const MAIL_LINK_TTL_MS = 2 * 366 * 24 * 60 * 60 * 1000;

const KEY_LABELS: Record<MailLinkPartition, string> = {
  notifications: 'kreide mail links notifications v1',
  mailing: 'kreide mail links mailing v1',
  authors: 'kreide mail links authors v1',
  all: 'kreide mail links all v1',
};

/** What one link is for: its account and, for one kind or one author, that subject. */
export type MailLink =
  | { partition: 'notifications'; userId: number; kind: NotificationKind }
  | { partition: 'mailing'; userId: number }
  | { partition: 'authors'; userId: number; authorId: number }
  | { partition: 'all'; userId: number };

function subjectOf(link: MailLink): number | string {
  if (link.partition === 'notifications') return link.kind;
  if (link.partition === 'authors') return link.authorId;
  return 0;
}

/** The token of one link. */
export function createMailLinkToken(link: MailLink, now: number = Date.now()): string {
  return createSignedToken(KEY_LABELS[link.partition], { u: link.userId, s: subjectOf(link) }, now + MAIL_LINK_TTL_MS);
}

/** The link a token of `partition` stands for, or null (forged, another partition's, expired, malformed). */
export function readMailLinkToken(
  partition: MailLinkPartition,
  token: string,
  now: number = Date.now(),
): MailLink | null {
  const data = readSignedToken(KEY_LABELS[partition], token, now);
  if (!data || !Number.isSafeInteger(data.u) || (data.u as number) < 1) return null;
  const userId = data.u as number;
  switch (partition) {
    case 'notifications': {
      const kind = NOTIFICATION_KINDS.find((known) => known === data.s);
      return kind ? { partition, userId, kind } : null;
    }
    case 'authors':
      return Number.isSafeInteger(data.s) && (data.s as number) > 0
        ? { partition, userId, authorId: data.s as number }
        : null;
    default:
      return { partition, userId };
  }
}

/** The page a mail links to, absolute, in the mail's world. */
export function mailLinkPage(world: WorldCode, link: MailLink, now: number = Date.now()): string {
  return `${getPublicOrigin()}${pathForRoute(world, MAIL_LINK_ROUTES[link.partition], { token: createMailLinkToken(link, now) })}`;
}

/**
 * The `List-Unsubscribe` headers of a mail (RFC 2369, one-click by RFC 8058): the mail provider
 * POSTs `List-Unsubscribe=One-Click` to the API address, without cookies or Origin, and the
 * token alone authorises that one action.
 */
export function listUnsubscribeHeaders(world: WorldCode, link: MailLink, now: number = Date.now()) {
  const token = createMailLinkToken(link, now);
  return {
    'List-Unsubscribe': `<${getPublicOrigin()}/api/v1/subscriptions/${link.partition}/${token}?world=${world}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
