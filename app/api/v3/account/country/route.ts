import { defineRoute } from '@/lib/api/handler';
import { getAccountCountry, setAccountCountry } from '@/lib/cabinet/account-country';
import { accountCountrySchema } from '@/lib/cabinet/validation';

// GET /api/v3/account/country?world= — the country stored on the signed-in user's account.
export const GET = defineRoute(
  { summary: "The country of the signed-in user's account", auth: 'user' },
  async ({ session, world }) => getAccountCountry(session.userId, world),
);

// POST /api/v3/account/country?world= — stores the chosen country on the account (the visitor's
// cookie is set by POST v3/location/set-country, which the change-country page calls first).
export const POST = defineRoute(
  { summary: 'Stores the chosen country on the account', auth: 'user', body: accountCountrySchema },
  async ({ session, world, body }) => setAccountCountry(session.userId, body.code, world),
);
