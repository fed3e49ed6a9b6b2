import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { completeSocialSignIn, flowWorld } from '@/lib/accounts/social/code-flow';
import { clearFlowCookie, loginPathWithError, providerParam, readFlowCookie, socialErrorOf, startWebSession } from '@/lib/accounts/social/web-sign-in';
import { AppError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
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

/**
 * The provider's answer: signs the website in and goes back to where the sign-in started, or to
 * the login page with the reason when anything fails. The flow cookie is used up either way.
 */
async function finish(request: NextRequest, params: Promise<{ provider: string }>, fallbackWorld: WorldCode, input: z.infer<typeof fields>) {
  const flowCookie = readFlowCookie(request);
  const world = (await flowWorld(flowCookie)) ?? fallbackWorld;
  let response: NextResponse;
  try {
    const provider = await providerParam(params);
    if (input.error) {
      response = NextResponse.redirect(new URL(loginPathWithError(world, input.error === 'access_denied' ? 'cancelled' : 'failed'), getPublicOrigin()), 303);
    } else {
      await enforce({ key: `sign-in:ip:${clientIp(request)}`, ...RATE_LIMITS.signInPerIp });
      const done = await completeSocialSignIn({ provider, flowCookie, code: input.code, state: input.state, iss: input.iss, user: input.user });
      response = NextResponse.redirect(new URL(done.returnTo, getPublicOrigin()), 303);
      await startWebSession(response, request, done.userId, provider);
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
export function GET(request: NextRequest, context: { params: Promise<{ provider: string }> }) {
  return apiHandler({ query: fields }, async ({ world, query }) => finish(request, context.params, world.code, query))(request);
}

// POST /api/v3/oauth2/social/{provider}/callback — the same answer as a form post (Apple's
// response_mode=form_post). Cross-site by nature: the state checked against the flow cookie is
// what proves the sign-in was started here.
export function POST(request: NextRequest, context: { params: Promise<{ provider: string }> }) {
  return apiHandler({}, async ({ world }) => {
    const form = await request.formData().catch(() => null);
    const parsed = fields.safeParse(Object.fromEntries([...(form?.entries() ?? [])].filter(([, value]) => typeof value === 'string')));
    return finish(request, context.params, world.code, parsed.success ? parsed.data : { error: 'invalid_request' });
  })(request);
}
