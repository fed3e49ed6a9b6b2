import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/api/handler';
import { audit } from '@/lib/accounts/impersonation';
import { createAccountForCompletion, createForCompletionSchema } from '@/lib/accounts/registration';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/admin/accounts — an admin creates an account for someone, who completes it through
// the mailed link (complete-registration page).
export const POST = defineRoute(
  {
    summary: 'An admin creates an account to be completed by its owner',
    auth: 'admin',
    body: createForCompletionSchema,
    successStatus: 201,
  },
  async ({ request, world, body, session }) => {
    const created = await createAccountForCompletion(body, world.code);
    await audit({
      actorUserId: session.userId,
      action: 'account.create_for_completion',
      targetUserId: created.userId,
      ip: clientIp(request),
    });
    return NextResponse.json({ user_id: created.userId }, { status: 201 });
  },
);
