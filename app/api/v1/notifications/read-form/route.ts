import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { markReadFormSchema } from '@/lib/notifications/schemas';
import { markRead } from '@/lib/notifications/store';
import { pathFor } from '@/lib/routing/localized-routes';

// POST /api/v1/notifications/read-form — the notifications page's mark-read buttons as plain
// form posts (a page whose script has not run). Answers 303 to the notifications page of the
// call's world, on the page posted from, with ?notice=read|all-read; the target is built from
// the routing table, never taken from the request.
export const POST = defineRoute(
  {
    summary: 'Mark one notification (id) or all (all=1) read from an HTML form; 303 back to the notifications page',
    description:
      'application/x-www-form-urlencoded: id or all=1, page (the page of the list to come back to). Refused (403 impersonation) while an admin acts as the user.',
    auth: 'user',
    impersonation: false,
    bodyType: 'form',
    body: markReadFormSchema,
    successStatus: 303,
  },
  async ({ session, world, body }) => {
    await markRead(session.userId, body.all ? 'all' : { ids: [body.id!] });
    const query = new URLSearchParams({ notice: body.all ? 'all-read' : 'read' });
    if (body.page && body.page > 1) query.set('page', String(body.page));
    return new NextResponse(null, {
      status: 303,
      headers: { Location: `${pathFor(world.code, 'cabinet-inbox')}?${query}` },
    });
  },
);
