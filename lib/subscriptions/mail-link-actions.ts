import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { getNotificationPreferences, updateNotificationPreferences } from '@/lib/cabinet/notification-preferences';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@/lib/cabinet/validation';
import { refreshPublicPages } from '@/lib/accounts/user-details';
import { expireAccountPages } from '@/lib/cache/invalidate';
import type { MailLink } from './mail-links';
import { subscribe, unsubscribe } from './subscriptions';

/** What a mail's link does: turn off (the link in the mail), or turn back on (the page's undo). */
export const MAIL_LINK_ACTIONS = ['unsubscribe', 'resubscribe'] as const;
export type MailLinkAction = (typeof MAIL_LINK_ACTIONS)[number];

/**
 * What the page shows after a link's action, and nothing about the account (no address, no
 * name): whoever holds a forwarded mail learns only what the mail already said.
 */
export type MailLinkState =
  | { partition: 'notifications'; kind: NotificationKind; subscribed: boolean }
  | { partition: 'mailing'; subscribed: boolean }
  | { partition: 'authors'; author: { id: number; name: string; slug: string }; subscribed: boolean }
  /** `on`: the kinds on now; `turnedOff`: those this action turned off (what its undo turns back on). */
  | { partition: 'all'; on: NotificationKind[]; turnedOff: NotificationKind[]; subscribed: boolean };

/** An account a link may still act for: not deleted. */
async function accountExists(userId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ status: t.accountStates.status })
    .from(t.users)
    .leftJoin(t.accountStates, eq(t.accountStates.userId, t.users.id))
    .where(eq(t.users.id, userId));
  return Boolean(row) && row!.status !== 'deleted';
}

/** The author a link names while they are one (a seller), as a follow would require. */
async function authorOf(authorId: number) {
  const [row] = await getDb()
    .select({ id: t.users.id, name: t.users.publicName, slug: t.users.slug })
    .from(t.users)
    .where(and(eq(t.users.id, authorId), eq(t.users.isSeller, true)));
  return row ?? null;
}

async function follows(userId: number, authorId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ one: t.authorFollows.authorId })
    .from(t.authorFollows)
    .where(and(eq(t.authorFollows.followerId, userId), eq(t.authorFollows.authorId, authorId)));
  return Boolean(row);
}

const kindsOn = (preferences: NotificationPreferences) => NOTIFICATION_KINDS.filter((kind) => preferences[kind]);

/** The state a link's page shows, without changing anything; null when the account is gone. */
export async function mailLinkState(link: MailLink): Promise<MailLinkState | null> {
  if (!(await accountExists(link.userId))) return null;
  switch (link.partition) {
    case 'authors': {
      const author = await authorOf(link.authorId);
      if (!author) return null;
      return { partition: 'authors', author, subscribed: await follows(link.userId, link.authorId) };
    }
    case 'notifications':
      return {
        partition: 'notifications',
        kind: link.kind,
        subscribed: (await getNotificationPreferences(link.userId))[link.kind],
      };
    case 'mailing':
      return { partition: 'mailing', subscribed: (await getNotificationPreferences(link.userId)).newsletter };
    case 'all': {
      const on = kindsOn(await getNotificationPreferences(link.userId));
      return { partition: 'all', on, turnedOff: [], subscribed: on.length > 0 };
    }
  }
}

/**
 * Does what a link is for. Unsubscribing twice is not an error (a mail provider's one-click and
 * the visitor's click both arrive). `restore`: for the `all` partition's undo, the kinds that
 * were on before (any kind a user can choose; without, the defaults that are on). Null when the
 * account or the author is gone. Following again can be refused as a follow is (a full list).
 */
export async function applyMailLink(
  link: MailLink,
  action: MailLinkAction,
  restore?: readonly NotificationKind[],
): Promise<MailLinkState | null> {
  if (!(await accountExists(link.userId))) return null;
  const state = await applyToAccount(link, action, restore);
  // No session wrote this, so the handler expires nothing: the account's pages kept rendered
  // (favourites, settings) go here, and an author's public follower count with a follow.
  if (state) {
    await expireAccountPages(link.userId);
    if (link.partition === 'authors') refreshPublicPages(link.authorId, { catalogue: false });
  }
  return state;
}

async function applyToAccount(
  link: MailLink,
  action: MailLinkAction,
  restore?: readonly NotificationKind[],
): Promise<MailLinkState | null> {
  const on = action === 'resubscribe';
  switch (link.partition) {
    case 'authors': {
      const author = await authorOf(link.authorId);
      if (!author) return null;
      const owner = { userId: link.userId };
      const subject = { type: 'author' as const, id: link.authorId };
      const result = on ? await subscribe(owner, subject) : await unsubscribe(owner, subject);
      return { partition: 'authors', author, subscribed: result.subscribed };
    }
    case 'notifications': {
      const preferences = await updateNotificationPreferences(link.userId, { [link.kind]: on });
      return { partition: 'notifications', kind: link.kind, subscribed: preferences[link.kind] };
    }
    case 'mailing': {
      const preferences = await updateNotificationPreferences(link.userId, { newsletter: on });
      return { partition: 'mailing', subscribed: preferences.newsletter };
    }
    case 'all': {
      const before = kindsOn(await getNotificationPreferences(link.userId));
      const kinds = on ? (restore?.length ? restore : kindsOn(DEFAULT_NOTIFICATION_PREFERENCES)) : NOTIFICATION_KINDS;
      const preferences = await updateNotificationPreferences(
        link.userId,
        Object.fromEntries(kinds.map((kind) => [kind, on])) as Partial<NotificationPreferences>,
      );
      const after = kindsOn(preferences);
      return { partition: 'all', on: after, turnedOff: on ? [] : before, subscribed: after.length > 0 };
    }
  }
}
