import { NextResponse } from 'next/server';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { endImpersonation } from '@/lib/accounts/impersonation';
import { clearSessionCookie, isHttps, readReturnToken, writeSessionCookie } from '@/lib/accounts/session';
import { findValidToken } from '@/lib/accounts/tokens';
import { pathFor } from '@/lib/routing/localized-routes';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/oauth2/login-as/end — ends a login-as session and restores the admin's own
// session when it is still valid; answers where to go next.
export const POST = defineRoute(
  { summary: "Ends a login-as session and restores the admin's own", auth: 'user' },
  async ({ request, world, session }) => {
    if (!session.impersonatorUserId) throw new AppError('bad_request', undefined, { reason: 'not_impersonating' });
    await endImpersonation(
      { token: session.token, userId: session.userId, impersonatorUserId: session.impersonatorUserId },
      clientIp(request),
    );
    const returnToken = await readReturnToken(request);
    const adminSession = returnToken ? await findValidToken(returnToken) : null;
    const back = adminSession?.userId === session.impersonatorUserId;
    const response = NextResponse.json(
      { redirect: pathFor(world.code, back ? 'login-as' : 'login') },
      { headers: { 'Cache-Control': 'no-store' } },
    );
    if (back) await writeSessionCookie(response, returnToken!, isHttps(request));
    else clearSessionCookie(response);
    return response;
  },
);
