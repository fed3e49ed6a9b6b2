import { apiHandler } from '@/lib/api/handler';
import { getEnv } from '@/lib/env';
import { COUNTRY_COOKIE, resolveCountry } from '@/lib/location/country';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';

// GET /api/v3/location/get-country?world= — the visitor's country and its currency.
export const GET = apiHandler({}, async ({ request, world }) => {
  const header = getEnv().GEOIP_COUNTRY_HEADER;
  const answer = resolveCountry(
    {
      chosen: request.cookies.get(COUNTRY_COOKIE)?.value,
      cdnHeader: header ? request.headers.get(header) : null,
      ip: request.headers.get(CLIENT_IP_HEADER),
    },
    world,
  );
  return { code: answer.code, currencyCode: answer.currencyCode };
});
