import { defineRoute } from '@/lib/api/handler';
import { getBankDetails, saveBankDetails } from '@/lib/cabinet/bank-details';
import { bankDetailsSchema } from '@/lib/cabinet/validation';

// GET /api/v3/bank-details?world= — the signed-in user's bank details for payouts (null while none).
export const GET = defineRoute(
  { summary: "The signed-in user's bank details for payouts", auth: 'user' },
  async ({ session }) => ({
    bank_details: await getBankDetails(session.userId),
  }),
);

// POST /api/v3/bank-details?world= — creates or replaces them; IBAN and BIC are validated.
// Payout details are the user's own: refused while an admin acts as the user.
export const POST = defineRoute(
  {
    summary: 'Creates or replaces the bank details (IBAN, BIC)',
    auth: 'user',
    impersonation: false,
    body: bankDetailsSchema,
  },
  async ({ session, body }) => ({ bank_details: await saveBankDetails(session.userId, body) }),
);
