import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { textSchema } from '@/lib/input/schemas';
import { MAX_HOST_LENGTH } from '@/lib/storefront/certificates';
import { addDomainClaim, listDomainClaims, MAX_DOMAINS_PER_SELLER } from '@/lib/storefront/domain-claims';

const CLAIM_EXAMPLE = {
  id: 7,
  domain: 'frau-demo.example',
  world: 'de',
  status: 'pending',
  recordName: '_kreide-verification.frau-demo.example',
  recordValue: 'kreide-verification=q3V0bJ2m8e1Qn0cY5mX7p9Lk4sT6wR2aZ1uH8gD3fE0',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastCheckedAt: null,
  lastError: null,
  verifiedAt: null,
};

// GET /api/v3/seller/domains — the seller's custom domains with their state and TXT record.
export const GET = defineRoute(
  {
    summary: 'My custom domains',
    description:
      'Pending and verified domains, oldest first, each with the TXT record (`recordName`, `recordValue`) that proves it and the reason the last check failed (`lastError`: record_not_found, dns_unavailable, domain_taken).',
    auth: 'seller',
    query: z.strictObject({}),
    example: [CLAIM_EXAMPLE],
  },
  async ({ session }) => listDomainClaims(session.userId),
);

// POST /api/v3/seller/domains — claims a domain for the seller's storefront in the request's world.
export const POST = defineRoute(
  {
    summary: 'Add a custom domain',
    description: `Answers a pending claim with the TXT record to create at \`_kreide-verification.<domain>\`; the storefront shows the request's world. An internationalised name is stored as punycode. Adding a domain again answers the existing claim. 400 \`invalid_domain\` (an IP address, localhost, a single label, Kreide's own host …), 409 \`domain_taken\` (served for another author), 409 \`too_many_domains\` (at most ${MAX_DOMAINS_PER_SELLER}).`,
    auth: 'seller',
    query: z.strictObject({}),
    body: z.strictObject({ domain: textSchema(MAX_HOST_LENGTH + 1) }),
    example: CLAIM_EXAMPLE,
  },
  async ({ session, world, body }) => addDomainClaim(session.userId, world.code, body.domain),
);
