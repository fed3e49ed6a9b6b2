import { requireUser } from '@/lib/accounts/guard';
import { apiHandler } from '@/lib/api/handler';
import { getBankDetails, saveBankDetails } from '@/lib/cabinet/bank-details';
import { privateJson, readBody } from '@/lib/cabinet/http';
import { bankDetailsSchema } from '@/lib/cabinet/validation';

// GET /api/v3/bank-details?world= — the signed-in user's bank details for payouts (null while none).
export const GET = apiHandler({}, async ({ request }) => {
  const { userId } = await requireUser(request);
  return privateJson({ bank_details: await getBankDetails(userId) });
});

// POST /api/v3/bank-details?world= — creates or replaces them; IBAN and BIC are validated.
export const POST = apiHandler({}, async ({ request }) => {
  const { userId } = await requireUser(request, { mutation: true });
  const details = await readBody(request, bankDetailsSchema);
  return privateJson({ bank_details: await saveBankDetails(userId, details) });
});
