import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { idTextSchema } from '@/lib/input/schemas';
import { DOMAIN_CHECKS_PER_HOUR, verifyDomainClaim } from '@/lib/storefront/domain-claims';

// POST /api/v3/seller/domains/{claimId}/verify — looks up the TXT record and, when it is there,
// serves the domain as the seller's storefront.
export const POST = defineRoute(
  {
    summary: 'Check the TXT record of my domain',
    description: `Looks up \`_kreide-verification.<domain>\`; a record with the claim's value makes the claim verified and the storefront answer on the domain (within a minute on every process). 409 \`record_not_found\`, 503 \`dns_unavailable\`, 409 \`domain_taken\` (another author proved it first), 429 after ${DOMAIN_CHECKS_PER_HOUR} checks an hour, 404 for anyone else's claim.`,
    auth: 'seller',
    params: z.object({ claimId: idTextSchema }),
    query: z.strictObject({}),
  },
  async ({ session, params }) => verifyDomainClaim(session.userId, params.claimId),
);
