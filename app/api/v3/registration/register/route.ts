import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { register, registerSchema } from '@/lib/accounts/registration';
import { readSession } from '@/lib/accounts/session';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/registration/register — sign up with e-mail, password and public name; mails the
// confirmation link. The answer is the same for new and already registered addresses.
export const POST = defineRoute(
  {
    summary: 'Sign-up: mails the confirmation link',
    auth: 'anonymous',
    body: registerSchema,
    successStatus: 202,
    example: { status: 'confirmation_sent' },
  },
  async ({ request, world, body }) => {
    // The browser's anonymous identity, whose favourites join the account when it confirms.
    const session = await readSession(request);
    const anonymousTokenId = session && session.userId === null ? session.tokenId : null;
    return NextResponse.json(await register(body, { world: world.code, ip: clientIp(request), anonymousTokenId }), {
      status: 202,
      headers: { 'Cache-Control': 'no-store' },
    });
  },
);
