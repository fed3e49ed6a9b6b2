import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { removeDomain } from '@/lib/storefront/domain-claims';

// DELETE /api/v3/seller/domains/{claimId} — removes the claim and the storefront on its domain.
export const DELETE = defineRoute(
  {
    summary: 'Remove my custom domain',
    description:
      'Deletes the claim and, when verified, stops serving the storefront and certificates for the domain (within a minute on every process). 404 for anyone else’s claim.',
    auth: 'seller',
    params: z.object({ claimId: idTextSchema }),
    query: z.strictObject({}),
  },
  async ({ session, params }) => {
    await removeDomain(session.userId, params.claimId);
    return { deleted: true };
  },
);
