import { defineRoute } from '@/lib/api/handler';
import { changePassword, changePasswordSchema } from '@/lib/accounts/password';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/password/change — the signed-in user changes their password (current one
// required, wrong guesses limited per account and IP); other sign-ins end. Refused while an
// admin acts as the user.
export const POST = defineRoute(
  {
    summary: 'Changes the password (current one required)',
    auth: 'user',
    impersonation: false,
    body: changePasswordSchema,
  },
  async ({ request, world, body, session }) => {
    await changePassword(session.userId, session.tokenId, body, { world: world.code, ip: clientIp(request) });
    return { changed: true };
  },
);
