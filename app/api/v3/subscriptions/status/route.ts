import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { rememberKeeps } from '@/lib/subscriptions/keeps-hint-cookie';
import { statusQuerySchema } from '@/lib/subscriptions/schemas';
import { keepsAnything, ownerOfSession, subscriptionStatus } from '@/lib/subscriptions/subscriptions';

// GET /api/v3/subscriptions/status?materials=1,2&authors=3 — which of a page's materials and
// authors the caller keeps: ids only, so the page's cached HTML stays the same for everyone.
export const GET = defineRoute(
  {
    summary: 'Which of the given materials and authors the caller keeps',
    description:
      'Up to 200 ids each, comma-separated. Without a token the answer is empty. The answer refreshes the k_fav hint cookie that tells pages whether to ask.',
    auth: 'visitor',
    query: statusQuerySchema,
    example: { materials: [12], authors: [] },
  },
  async ({ request, session, query }) => {
    if (!session) return NextResponse.json({ materials: [], authors: [] });
    const owner = ownerOfSession(session);
    const response = NextResponse.json(await subscriptionStatus(owner, query));
    rememberKeeps(request, response, await keepsAnything(owner));
    return response;
  },
);
