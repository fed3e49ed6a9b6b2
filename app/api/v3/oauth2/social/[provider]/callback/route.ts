import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { completeSocialSignIn, flowWorld } from '@/lib/accounts/social/code-flow';
import {
  clearFlowCookie,
  loginPathWithError,
  providerParam,
  readFlowCookie,
  socialErrorOf,
  startWebSession,
} from '@/lib/accounts/social/web-sign-in';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { adoptAnonymousVisit } from '@/lib/subscriptions/sign-in';
import { getPublicOrigin } from '@/lib/seo/origin';
import { clientIp, enforce, RATE_LIMITS } from '@/lib/security/rate-limit';
import type { WorldCode } from '@/lib/worlds/worlds';

const fields = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  /** Apple's first sign-in: the user's name as JSON. */
  user: z.string().max(2000).optional(),
});

/** Checked by the sign-in itself: an unknown provider goes back to login with the reason. */
const providerName = z.object({ provider: z.string().max(40) });

/** A form post that does not fit is answered like a provider error: back to login with the reason. */
const formFields = fields.catch({ error: 'invalid_request' });

/**
 * The provider's answer: signs the website in and goes back to where the sign-in started, or to
 * the login page with the reason when anything fails. The flow cookie is used up either way.
 */
async function finish(
  request: NextRequest,
  providerName: string,
  fallbackWorld: WorldCode,
  input: z.infer<typeof fields>,
) {
  const flowCookie = readFlowCookie(request);
  const world = (await flowWorld(flowCookie)) ?? fallbackWorld;
  let response: NextResponse;
  try {
    const provider = await providerParam(Promise.resolve({ provider: providerName }));
    if (input.error) {
      response = NextResponse.redirect(
        new URL(loginPathWithError(world, input.error === 'access_denied' ? 'cancelled' : 'failed'), getPublicOrigin()),
        303,
      );
    } else {
      await enforce({ key: `sign-in:ip:${clientIp(request)}`, ...RATE_LIMITS.signInPerIp });
      const done = await completeSocialSignIn({
        provider,
        flowCookie,
        code: input.code,
        state: input.state,
        iss: input.iss,
        user: input.user,
      });
      response = NextResponse.redirect(new URL(done.returnTo, getPublicOrigin()), 303);
      const previousToken = await startWebSession(response, request, done.userId, provider);
      await adoptAnonymousVisit(request, response, previousToken, done.userId);
    }
  } catch (error) {
    if (!(error instanceof AppError)) console.error('Social sign-in failed:', error);
    response = NextResponse.redirect(new URL(loginPathWithError(world, socialErrorOf(error)), getPublicOrigin()), 303);
  }
  response.headers.set('Cache-Control', 'no-store');
  clearFlowCookie(response);
  return response;
}

// GET /api/v3/oauth2/social/{provider}/callback?code=&state= — the provider's redirect back.
export const GET = defineRoute(
  {
    summary: "A provider's redirect back after sign-in",
    auth: 'anonymous',
    query: fields,
    params: providerName,
    successStatus: 303,
  },
  async ({ request, world, query, params }) => finish(request, params.provider, world.code, query),
);

// POST /api/v3/oauth2/social/{provider}/callback — the same answer as a form post (Apple's
// response_mode=form_post). Cross-site by nature: the state checked against the flow cookie is
// what proves the sign-in was started here, so the origin check does not apply.
export const POST = defineRoute(
  {
    summary: "A provider's form post back after sign-in (Apple)",
    auth: 'anonymous',
    csrf: false,
    params: providerName,
    body: formFields,
    bodyType: 'form',
    successStatus: 303,
  },
  async ({ request, world, body, params }) => finish(request, params.provider, world.code, body),
);
