import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { textSchema } from '@/lib/input/schemas';
import { findInvitation } from '@/lib/accounts/referrals';

const querySchema = z.object({ code: textSchema(40).pipe(z.string().min(1)) });

// GET /api/v3/referrals/invitation?code= — who invited: the inviter's public name for a valid
// referral code (shown on the invitation page), 404 for an unknown one.
export const GET = defineRoute(
  { summary: 'Who invited: the inviter of a referral code', auth: 'anonymous', query: querySchema },
  async ({ query }) => {
    const invitation = await findInvitation(query.code);
    if (!invitation) throw new AppError('not_found', undefined, { reason: 'unknown_invite_code' });
    return Response.json(
      { code: invitation.code, inviter: invitation.inviter },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  },
);
