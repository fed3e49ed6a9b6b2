import { z } from 'zod';
import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { acceptActualTerms } from '@/lib/accounts/terms';
import { AppError } from '@/lib/api/errors';

const bodySchema = z.object({ terms_version_id: z.number().int().positive().optional() }).strict();

// POST /api/v3/terms/accept-agb — the signed-in user accepts the world's actual terms. With
// terms_version_id (the version the user was shown) a newer version answers 409 terms_outdated.
export const POST = apiHandler({ body: bodySchema }, async ({ request, world, body }) => {
  const session = await requireUser(request, { mutation: true });
  if (session.impersonatorUserId) throw new AppError('forbidden', undefined, { reason: 'impersonating' });
  const terms = await acceptActualTerms(session.userId, world.code, body.terms_version_id);
  return Response.json({ accepted: true, terms }, { headers: { 'Cache-Control': 'no-store' } });
});
