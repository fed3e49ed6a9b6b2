import { NextResponse } from 'next/server';
import { z } from 'zod';
import { completeSocialSignIn } from '@/lib/accounts/social/code-flow';
import { SOCIAL_PROVIDERS } from '@/lib/accounts/social/providers';
import { clearFlowCookie, readFlowCookie, startWebSession } from '@/lib/accounts/social/web-sign-in';
import { defineRoute } from '@/lib/api/handler';
import { adoptAnonymousVisit } from '@/lib/subscriptions/sign-in';
import { clientIp, enforce, RATE_LIMITS } from '@/lib/security/rate-limit';

const body = z.object({
  code: z.string().min(1).max(4000),
  state: z.string().min(1).max(200),
  iss: z.string().max(500).optional(),
});
const params = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

// POST /api/v3/oauth2/social/{provider}/complete — completes a sign-in whose provider came back
// to a page (the Microsoft redirect page hands over code and state): answers oauth_user_id and
// return_to; the token goes only into the httpOnly session cookie.
export const POST = defineRoute(
  { summary: 'Completes a provider sign-in handed over by a page', auth: 'anonymous', body, params },
  async ({ request, body, params }) => {
    await enforce({ key: `sign-in:ip:${clientIp(request)}`, ...RATE_LIMITS.signInPerIp });
    const done = await completeSocialSignIn({
      provider: params.provider,
      flowCookie: readFlowCookie(request),
      code: body.code,
      state: body.state,
      iss: body.iss,
    });
    const response = NextResponse.json(
      { access_token: null, oauth_user_id: done.userId, return_to: done.returnTo },
      { headers: { 'Cache-Control': 'no-store' } },
    );
    const previousToken = await startWebSession(response, request, done.userId, params.provider);
    await adoptAnonymousVisit(request, response, previousToken, done.userId);
    clearFlowCookie(response);
    return response;
  },
);
