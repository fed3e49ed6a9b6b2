import { apiHandler } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/accounts/admin';
import { audit } from '@/lib/accounts/impersonation';
import { createAccountForCompletion, createForCompletionSchema } from '@/lib/accounts/registration';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/admin/accounts — an admin creates an account for someone, who completes it through
// the mailed link (complete-registration page).
export const POST = apiHandler({ body: createForCompletionSchema }, async ({ request, world, body }) => {
  const admin = await requireAdmin(request);
  const created = await createAccountForCompletion(body, world.code);
  await audit({ actorUserId: admin.userId, action: 'account.create_for_completion', targetUserId: created.userId, ip: clientIp(request) });
  return Response.json({ user_id: created.userId }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});
