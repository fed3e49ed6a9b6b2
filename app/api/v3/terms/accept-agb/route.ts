import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idSchema } from '@/lib/input/schemas';
import { acceptActualTerms } from '@/lib/accounts/terms';

const bodySchema = z.object({ terms_version_id: idSchema.optional() }).strict();

// POST /api/v3/terms/accept-agb — the signed-in user accepts the world's actual terms. With
// terms_version_id (the version the user was shown) a newer version answers 409 terms_outdated.
// An admin acting as the user does not accept terms on their behalf.
export const POST = defineRoute(
  { summary: "Accepts the world's actual terms", auth: 'user', impersonation: false, body: bodySchema },
  async ({ session, world, body }) => ({
    accepted: true,
    terms: await acceptActualTerms(session.userId, world.code, body.terms_version_id),
  }),
);
