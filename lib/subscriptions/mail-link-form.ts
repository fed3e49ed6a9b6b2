import 'server-only';
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/lib/cabinet/validation';
import { AppError } from '@/lib/errors/app-error';
import { pathForRoute } from '@/lib/routing/localized-routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import { applyMailLink, MAIL_LINK_ACTIONS, type MailLinkAction, type MailLinkState } from './mail-link-actions';
import { MAIL_LINK_ROUTES, readMailLinkToken, type MailLinkPartition } from './mail-links';

/** A token as the links carry it (base64url payload and signature); anything else is no such link. */
export const mailLinkTokenSchema = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

/** The kinds an `all` undo turns back on, comma-separated (only kinds a user can choose). */
export const restoreSchema = z
  .string()
  .max(200)
  .transform((value, context) => {
    const kinds = value.split(',').filter(Boolean);
    const unknown = kinds.find((kind) => !NOTIFICATION_KINDS.some((known) => known === kind));
    if (unknown) {
      context.addIssue({ code: 'custom', message: `Unknown kind ${unknown}` });
      return z.NEVER;
    }
    return [...new Set(kinds)] as NotificationKind[];
  });

/**
 * The body of `POST v1/subscriptions/{partition}/{token}`: RFC 8058's one-click, or the page's
 * form. Fields it does not know are dropped, not refused: a mail provider may send more.
 */
export const mailLinkFormSchema = z
  .object({
    'List-Unsubscribe': z.literal('One-Click').optional(),
    action: z.enum(MAIL_LINK_ACTIONS).optional(),
    restore: restoreSchema.optional(),
  })
  .refine((body) => body.action !== undefined || body['List-Unsubscribe'] !== undefined, {
    message: 'Send List-Unsubscribe=One-Click or an action',
    path: ['action'],
  });

/** What a posted form asks for: the one-click is always an unsubscribe. */
export function mailLinkActionOf(body: z.output<typeof mailLinkFormSchema>): MailLinkAction {
  return body.action ?? 'unsubscribe';
}

/** The refusals a link's page explains; anything else reads as an invalid link. */
export const MAIL_LINK_ERRORS = ['mail_link_invalid', 'follows_full', 'author_not_found'] as const;
export type MailLinkError = (typeof MAIL_LINK_ERRORS)[number];

export type MailLinkOutcome = { state: MailLinkState } | { error: AppError; reason: MailLinkError };

const invalidLink = () => new AppError('not_found', undefined, { reason: 'mail_link_invalid' });

/** Reads a link's token and does its action; a refusal is returned, not thrown (the page explains it). */
export async function runMailLink(
  partition: MailLinkPartition,
  token: string,
  action: MailLinkAction,
  restore?: readonly NotificationKind[],
): Promise<MailLinkOutcome> {
  const link = readMailLinkToken(partition, token);
  if (!link) return { error: invalidLink(), reason: 'mail_link_invalid' };
  try {
    const state = await applyMailLink(link, action, restore);
    return state ? { state } : { error: invalidLink(), reason: 'mail_link_invalid' };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const reason = (error.details as { reason?: unknown } | null)?.reason;
    return { error, reason: MAIL_LINK_ERRORS.find((known) => known === reason) ?? 'mail_link_invalid' };
  }
}

/**
 * The link's page after a form post: `?state=on|off` shows the state without acting again (the
 * page acts only when opened from the mail), `?error=` a refusal. Built from the routing table
 * and the already checked token, never from request text.
 */
export function mailLinkPageLocation(
  world: WorldCode,
  partition: MailLinkPartition,
  token: string,
  outcome: MailLinkOutcome,
): string {
  const page = pathForRoute(world, MAIL_LINK_ROUTES[partition], { token });
  if ('error' in outcome) return `${page}?error=${outcome.reason}`;
  const { state } = outcome;
  // After turning all off, the page's undo turns back on what was on: the kinds (our own words) go along.
  const restore = state.partition === 'all' && state.turnedOff.length ? `&restore=${state.turnedOff.join(',')}` : '';
  return `${page}?state=${state.subscribed ? 'on' : 'off'}${restore}`;
}
