import { NextResponse } from 'next/server';
import { z } from 'zod';
import { startSocialSignIn } from '@/lib/accounts/social/code-flow';
import { SOCIAL_PROVIDERS } from '@/lib/accounts/social/providers';
import { setFlowCookie } from '@/lib/accounts/social/web-sign-in';
import { defineRoute } from '@/lib/api/handler';

const query = z.object({ return_to: z.string().max(1000).optional() });
const params = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

// GET /api/v3/oauth2/social/{provider}/start?world=&return_to= — sends the browser to the
// provider (authorization code + PKCE, state and nonce kept in a sealed httpOnly cookie).
export const GET = defineRoute(
  { summary: 'Starts a sign-in with a provider (redirect)', auth: 'anonymous', query, params, successStatus: 303 },
  async ({ request, world, query, params }) => {
    const { location, cookie } = await startSocialSignIn({
      provider: params.provider,
      world: world.code,
      returnTo: query.return_to,
    });
    const response = NextResponse.redirect(location, { status: 303, headers: { 'Cache-Control': 'no-store' } });
    setFlowCookie(response, request, params.provider, cookie);
    return response;
  },
);
