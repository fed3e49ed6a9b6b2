import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { applySubscriptionChange, rememberChange, type SubscriptionChange } from '@/lib/subscriptions/change';
import { keepErrorOf, keepFormLocation, keepFormSchema, type KeepError } from '@/lib/subscriptions/form';

// POST /api/v3/subscriptions/form — the heart and follow buttons as plain form posts, for a page
// whose script has not run (or never will). Answers 303: to `next` (one of our paths) or the
// favourites page with ?notice=, after a follow to the author's page (#followed), after a
// refusal to the favourites page with ?error=. The target is built from the routing table or
// checked by the one same-origin path helper, never taken from the request as it is.
export const POST = defineRoute(
  {
    summary: 'Add or remove a favourite or follow from an HTML form',
    description:
      'application/x-www-form-urlencoded: subjectType (material, author), subjectId, action (add — the default — or remove), next (a path of this site to return to). A visitor without a session is given an anonymous identity (its cookie comes with the answer). Answers 303 with ?notice=added|removed|followed|unfollowed or ?error=material_not_found, author_not_found, favourites_full, follows_full, anonymous_favourites_full, anonymous_follows_full, too_many_attempts or invalid.',
    auth: 'visitor',
    bodyType: 'form',
    body: keepFormSchema,
    successStatus: 303,
  },
  async ({ request, world, session, body }) => {
    const input = { subjectType: body.subjectType, subjectId: body.subjectId };
    let done: SubscriptionChange | null = null;
    let error: KeepError | null = null;
    try {
      done = await applySubscriptionChange(
        request,
        session,
        input,
        body.action === 'add' ? 'subscribe' : 'unsubscribe',
      );
    } catch (caught) {
      error = keepErrorOf(caught);
    }
    const location = await keepFormLocation(world.code, { ...body, ...input }, error ? { error } : { ok: true });
    const response = new NextResponse(null, { status: 303, headers: { Location: location } });
    if (done) await rememberChange(request, response, done);
    return response;
  },
);
