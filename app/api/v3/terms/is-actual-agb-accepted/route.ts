import { defineRoute } from '@/lib/api/handler';
import { hasAcceptedActualTerms } from '@/lib/accounts/terms';

// GET /api/v3/terms/is-actual-agb-accepted — whether the signed-in user accepted the world's
// actual terms.
export const GET = defineRoute(
  { summary: "Whether the signed-in user accepted the world's actual terms", auth: 'user' },
  async ({ session, world }) => ({
    accepted: await hasAcceptedActualTerms(session.userId, world.code),
  }),
);
