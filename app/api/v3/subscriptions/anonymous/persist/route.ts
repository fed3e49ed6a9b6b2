import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { rememberKeeps } from '@/lib/subscriptions/keeps-hint-cookie';
import { mergeAnonymousVisit } from '@/lib/subscriptions/merge';
import { persistSchema } from '@/lib/subscriptions/schemas';
import { keepsAnything } from '@/lib/subscriptions/subscriptions';

// POST /api/v3/subscriptions/anonymous/persist — for apps: the anonymous token's favourites and
// follows join the signed-in account. The website needs no call: its sign-in merges on the server.
export const POST = defineRoute(
  {
    summary: 'Moves an anonymous identity’s favourites and follows into the signed-in account',
    description:
      'anonymousToken: the client-credentials token the app used before signing in (proof of that identity). Without one, or with a token that is not an anonymous one, nothing is merged. Afterwards the anonymous identity is empty.',
    auth: 'user',
    body: persistSchema,
    example: { favourites: 2, follows: 1 },
  },
  async ({ request, session, body }) => {
    const merged = (await mergeAnonymousVisit(body.anonymousToken ?? null, session.userId)) ?? {
      favourites: 0,
      follows: 0,
    };
    const response = NextResponse.json(merged);
    rememberKeeps(request, response, await keepsAnything({ userId: session.userId }));
    return response;
  },
);
