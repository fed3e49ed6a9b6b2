import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { startSocialSignIn } from '@/lib/accounts/social/code-flow';
import { providerParam, setFlowCookie } from '@/lib/accounts/social/web-sign-in';
import { apiHandler } from '@/lib/api/handler';

const query = z.object({ return_to: z.string().max(1000).optional() });

// GET /api/v3/oauth2/social/{provider}/start?world=&return_to= — sends the browser to the
// provider (authorization code + PKCE, state and nonce kept in a sealed httpOnly cookie).
export function GET(request: NextRequest, context: { params: Promise<{ provider: string }> }) {
  return apiHandler({ query }, async ({ world, query }) => {
    const provider = await providerParam(context.params);
    const { location, cookie } = await startSocialSignIn({ provider, world: world.code, returnTo: query.return_to });
    const response = NextResponse.redirect(location, { status: 303, headers: { 'Cache-Control': 'no-store' } });
    setFlowCookie(response, request, provider, cookie);
    return response;
  })(request);
}
