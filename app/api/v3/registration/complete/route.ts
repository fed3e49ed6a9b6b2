import { defineRoute } from '@/lib/api/handler';
import { completeRegistration, completeSchema } from '@/lib/accounts/registration';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/registration/complete — sets the password of an account created for the user
// (mailed link, single use) and activates it.
export const POST = defineRoute(
  {
    summary: 'Completes an account created for the user (mailed token, password)',
    auth: 'anonymous',
    body: completeSchema,
  },
  async ({ request, body }) => {
    await completeRegistration(body, { ip: clientIp(request) });
    return Response.json({ completed: true }, { headers: { 'Cache-Control': 'no-store' } });
  },
);
