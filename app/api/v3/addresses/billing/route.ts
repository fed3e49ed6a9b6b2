import { defineRoute } from '@/lib/api/handler';
import { getBillingAddress, saveBillingAddress } from '@/lib/cabinet/billing-address';
import { billingAddressSchema } from '@/lib/cabinet/validation';

// GET /api/v3/addresses/billing?world= — the signed-in user's billing address (null while none).
export const GET = defineRoute(
  { summary: "The signed-in user's billing address", auth: 'user' },
  async ({ session }) => ({
    billing_address: await getBillingAddress(session.userId),
  }),
);

// POST /api/v3/addresses/billing?world= — creates or replaces the signed-in user's billing address.
export const POST = defineRoute(
  { summary: "Creates or replaces the signed-in user's billing address", auth: 'user', body: billingAddressSchema },
  async ({ session, body }) => ({ billing_address: await saveBillingAddress(session.userId, body) }),
);
