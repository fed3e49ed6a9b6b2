import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { confirmRegistration, confirmSchema } from '@/lib/accounts/registration';
import { readAccessToken } from '@/lib/accounts/session';
import { clientIp } from '@/lib/security/rate-limit';
import { rememberKeeps } from '@/lib/subscriptions/keeps-hint-cookie';
import { mergeAtSignUpConfirmation } from '@/lib/subscriptions/merge';

// POST /api/v3/registration/confirm — follows the mailed registration link (single use): the
// account becomes active; the user then signs in. Confirmed in the browser that signed up, the
// favourites and follows it kept anonymously join the account now.
export const POST = defineRoute(
  { summary: 'Confirms a registration with the mailed token', auth: 'anonymous', body: confirmSchema },
  async ({ request, body }) => {
    const { userId } = await confirmRegistration(body.token, { ip: clientIp(request) });
    const merged = await mergeAtSignUpConfirmation(await readAccessToken(request), userId);
    const response = NextResponse.json(
      { confirmed: true, merged: merged ?? { favourites: 0, follows: 0 } },
      { headers: { 'Cache-Control': 'no-store' } },
    );
    // The anonymous identity is empty now; the account's hint comes with its sign-in.
    if (merged) rememberKeeps(request, response, false);
    return response;
  },
);
