import { z } from 'zod';
import { apiHandler } from '@/lib/api/handler';
import { AppError } from '@/lib/api/errors';
import { findInvitation } from '@/lib/accounts/referrals';

const querySchema = z.object({ code: z.string().trim().min(1).max(40) });

// GET /api/v3/referrals/invitation?code= — who invited: the inviter's public name for a valid
// referral code (shown on the invitation page), 404 for an unknown one.
export const GET = apiHandler({ query: querySchema }, async ({ query }) => {
  const invitation = await findInvitation(query.code);
  if (!invitation) throw new AppError('not_found', undefined, { reason: 'unknown_invite_code' });
  return Response.json({ code: invitation.code, inviter: invitation.inviter });
});
