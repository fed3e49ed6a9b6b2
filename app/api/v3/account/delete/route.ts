import { NextResponse } from 'next/server';
import { clearSessionCookie } from '@/lib/accounts/session';
import { defineRoute } from '@/lib/api/handler';
import { deleteAccount, getDeletionRequirements } from '@/lib/cabinet/delete-account';
import { deleteAccountSchema } from '@/lib/cabinet/validation';
import { invalidateDeletedAccount } from '@/lib/cache';
import { CLIENT_IP_HEADER } from '@/lib/security/client-ip';

// GET /api/v3/account/delete?world= — how the signed-in user confirms a deletion
// (confirm_with 'password' or 'email') and whether this session may delete at all.
export const GET = defineRoute(
  { summary: 'How the signed-in user confirms a deletion', auth: 'user' },
  async ({ session }) => getDeletionRequirements(session.userId, session.impersonatorUserId),
);

// POST /api/v3/account/delete?world= — deletes the signed-in user's account after confirmation
// (password, or the e-mail address for provider-only accounts), ends every session and clears
// the session cookie. Refused while an admin acts as the user.
export const POST = defineRoute(
  { summary: 'Deletes the account after confirmation', auth: 'user', impersonation: false, body: deleteAccountSchema },
  async ({ request, world, body, session }) => {
    const { wasPublic } = await deleteAccount(body, {
      userId: session.userId,
      impersonatorUserId: session.impersonatorUserId,
      world: world.code,
      ip: request.headers.get(CLIENT_IP_HEADER),
    });
    if (wasPublic) {
      // Author pages, cards and storefronts showed this account: they must not keep doing so.
      await invalidateDeletedAccount(session.userId);
    }
    const response = NextResponse.json({ deleted: true }, { headers: { 'Cache-Control': 'no-store' } });
    clearSessionCookie(response);
    return response;
  },
);
