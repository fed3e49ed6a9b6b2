import { defineRoute } from '@/lib/api/handler';
import { confirmRegistration, confirmSchema } from '@/lib/accounts/registration';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/registration/confirm — follows the mailed registration link (single use): the
// account becomes active; the user then signs in.
export const POST = defineRoute(
  { summary: 'Confirms a registration with the mailed token', auth: 'anonymous', body: confirmSchema },
  async ({ request, body }) => {
    await confirmRegistration(body.token, { ip: clientIp(request) });
    return Response.json({ confirmed: true }, { headers: { 'Cache-Control': 'no-store' } });
  },
);
