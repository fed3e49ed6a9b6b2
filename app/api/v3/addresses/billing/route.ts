import { requireUser } from '@/lib/accounts/guard';
import { apiHandler } from '@/lib/api/handler';
import { getBillingAddress, saveBillingAddress } from '@/lib/cabinet/billing-address';
import { privateJson, readBody } from '@/lib/cabinet/http';
import { billingAddressSchema } from '@/lib/cabinet/validation';

// GET /api/v3/addresses/billing?world= — the signed-in user's billing address (null while none).
export const GET = apiHandler({}, async ({ request }) => {
  const { userId } = await requireUser(request);
  return privateJson({ billing_address: await getBillingAddress(userId) });
});

// POST /api/v3/addresses/billing?world= — creates or replaces the signed-in user's billing address.
export const POST = apiHandler({}, async ({ request }) => {
  const { userId } = await requireUser(request, { mutation: true });
  const address = await readBody(request, billingAddressSchema);
  return privateJson({ billing_address: await saveBillingAddress(userId, address) });
});
