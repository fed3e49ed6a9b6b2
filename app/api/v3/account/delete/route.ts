import { revalidateTag } from 'next/cache';
import { NextResponse } from 'next/server';
import { requireUser } from '@/lib/accounts/guard';
import { clearSessionCookie } from '@/lib/accounts/session';
import { apiHandler } from '@/lib/api/handler';
import { deleteAccount, getDeletionRequirements } from '@/lib/cabinet/delete-account';
import { NO_STORE, privateJson, readBody } from '@/lib/cabinet/http';
import { deleteAccountSchema } from '@/lib/cabinet/validation';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';

// GET /api/v3/account/delete?world= — how the signed-in user confirms a deletion
// (confirm_with 'password' or 'email') and whether this session may delete at all.
export const GET = apiHandler({}, async ({ request }) => {
  const session = await requireUser(request);
  return privateJson(await getDeletionRequirements(session.userId, session.impersonatorUserId));
});

// POST /api/v3/account/delete?world= — deletes the signed-in user's account after confirmation
// (password, or the e-mail address for provider-only accounts), ends every session and clears
// the session cookie.
export const POST = apiHandler({}, async ({ request, world }) => {
  const session = await requireUser(request, { mutation: true });
  const input = await readBody(request, deleteAccountSchema);
  const { wasPublic } = await deleteAccount(input, {
    userId: session.userId,
    impersonatorUserId: session.impersonatorUserId,
    world: world.code,
    ip: request.headers.get(CLIENT_IP_HEADER),
  });
  if (wasPublic) {
    // Author pages, cards and storefronts showed this account: they must not keep doing so.
    for (const tag of ['authors', 'materials', 'blog', 'author-domains']) revalidateTag(tag, 'max');
  }
  const response = NextResponse.json({ deleted: true }, { headers: NO_STORE });
  clearSessionCookie(response);
  return response;
});
