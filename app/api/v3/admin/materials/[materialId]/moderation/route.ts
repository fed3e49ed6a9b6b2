import { z } from 'zod';
import { audit } from '@/lib/accounts/impersonation';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema, textSchema } from '@/lib/input/schemas';
import { setMaterialHidden } from '@/lib/selling/moderation';
import { clientIp } from '@/lib/security/rate-limit';

// POST /api/v3/admin/materials/{id}/moderation — hides a material with a reason its seller sees,
// or shows it again (`hidden: false`).
export const POST = defineRoute(
  {
    summary: 'Hide a material with a reason, or show it again (admin)',
    description:
      '`{ hidden: true, reason }` takes it off the catalogue and search; its seller sees the reason and cannot publish it back. `{ hidden: false }` restores the seller’s own state. Buyers keep their downloads.',
    auth: 'admin',
    params: z.object({ materialId: idTextSchema }),
    body: z.discriminatedUnion('hidden', [
      z.strictObject({ hidden: z.literal(true), reason: textSchema(500).pipe(z.string().min(3)) }),
      z.strictObject({ hidden: z.literal(false) }),
    ]),
  },
  async ({ request, session, params, body }) => {
    const result = await setMaterialHidden(params.materialId, body.hidden ? { reason: body.reason } : null);
    await audit({
      actorUserId: session.userId,
      action: body.hidden ? 'material.hide' : 'material.show',
      ip: clientIp(request),
      details: { materialId: params.materialId, ...(body.hidden ? { reason: body.reason } : {}) },
    });
    return result;
  },
);
