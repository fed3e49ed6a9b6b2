import { requireUser } from '@/lib/accounts/guard';
import { apiHandler } from '@/lib/api/handler';
import { getAccountCountry, setAccountCountry } from '@/lib/cabinet/account-country';
import { privateJson, readBody } from '@/lib/cabinet/http';
import { accountCountrySchema } from '@/lib/cabinet/validation';

// GET /api/v3/account/country?world= — the country stored on the signed-in user's account.
export const GET = apiHandler({}, async ({ request, world }) => {
  const { userId } = await requireUser(request);
  return privateJson(await getAccountCountry(userId, world));
});

// POST /api/v3/account/country?world= — stores the chosen country on the account (the visitor's
// cookie is set by POST v3/location/set-country, which the change-country page calls first).
export const POST = apiHandler({}, async ({ request, world }) => {
  const { userId } = await requireUser(request, { mutation: true });
  const { code } = await readBody(request, accountCountrySchema);
  return privateJson(await setAccountCountry(userId, code, world));
});
