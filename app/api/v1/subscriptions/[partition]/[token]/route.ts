import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { acceptedOrigins } from '@/lib/http/origin';
import { AppError } from '@/lib/errors/app-error';
import { mailLinkPartitionSchema } from '@/lib/subscriptions/mail-links';
import {
  mailLinkActionOf,
  mailLinkFormSchema,
  mailLinkPageLocation,
  mailLinkTokenSchema,
  runMailLink,
} from '@/lib/subscriptions/mail-link-form';

// POST /api/v1/subscriptions/{partition}/{token} — what a mail's link does, without signing in:
// the mail provider's one-click unsubscribe (RFC 8058) and the undo form of the link's page.
// No session, no cookie: the token alone authorises its one action. Turning mail off needs
// nothing else (providers send no Origin); turning it back on comes only from our own page.
export const POST = defineRoute(
  {
    summary: 'Unsubscribe (or undo it) by a mail’s link',
    description:
      'partition: notifications (one kind of mail, named by the token), mailing (marketing mail), authors (the follow of one author), all (every mail a user can turn off). Form body (urlencoded or multipart): `List-Unsubscribe=One-Click` (RFC 8058) or action=unsubscribe|resubscribe, and for the undo of `all` restore=<kinds, comma-separated>. Resubscribing must come from this site (Origin). A browser form (Accept: text/html) is answered 303 to the link’s page; other callers get the state as JSON. 404 mail_link_invalid for a forged, expired or other partition’s token.',
    auth: 'anonymous',
    // Mail providers post without Origin; the one action that needs it is checked below.
    csrf: false,
    params: z.object({ partition: mailLinkPartitionSchema, token: mailLinkTokenSchema }),
    // urlencoded or multipart (RFC 8058's example).
    bodyType: 'form',
    body: mailLinkFormSchema,
    example: { partition: 'authors', subscribed: false, author: { id: 7, name: 'Frau Berger', slug: 'frau-berger' } },
  },
  async ({ request, world, params, body }) => {
    const action = mailLinkActionOf(body);
    const origin = request.headers.get('origin');
    if (action === 'resubscribe' && (origin === null || !acceptedOrigins().has(origin)))
      throw new AppError('forbidden', undefined, { reason: origin === null ? 'missing_origin' : 'foreign_origin' });
    const outcome = await runMailLink(params.partition, params.token, action, body.restore);
    if ((request.headers.get('accept') ?? '').includes('text/html'))
      return new NextResponse(null, {
        status: 303,
        headers: { Location: mailLinkPageLocation(world.code, params.partition, params.token, outcome) },
      });
    if ('error' in outcome) throw outcome.error;
    return outcome.state;
  },
);
