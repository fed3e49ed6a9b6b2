import { defineRoute } from '@/lib/api/handler';
import { getEnv } from '@/lib/env';
import { COUNTRY_COOKIE, resolveCountry } from '@/lib/location/country';
import { CLIENT_IP_HEADER } from '@/lib/security/client-ip';

// GET /api/v3/location/get-country?world= — the visitor's country and its currency.
export const GET = defineRoute(
  {
    summary: "The visitor's country and its currency",
    auth: 'anonymous',
    example: { code: 'DE', currencyCode: 'EUR' },
  },
  async ({ request, world }) => {
    const header = getEnv().GEOIP_COUNTRY_HEADER;
    const answer = resolveCountry(
      {
        chosen: request.cookies.get(COUNTRY_COOKIE)?.value,
        cdnHeader: header ? request.headers.get(header) : null,
        ip: request.headers.get(CLIENT_IP_HEADER),
      },
      world,
    );
    return Response.json(
      { code: answer.code, currencyCode: answer.currencyCode },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  },
);
