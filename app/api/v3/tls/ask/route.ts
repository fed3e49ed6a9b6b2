import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { textSchema } from '@/lib/input/schemas';
import { MAX_HOST_LENGTH, mayIssueCertificate } from '@/lib/storefront/certificates';

// GET /api/v3/tls/ask?domain= — the question an on-demand TLS proxy (Caddy's on_demand_tls ask)
// asks before it gets a certificate for a host: 200 for Kreide's host and the authors' domains,
// 404 for any other (the proxy then refuses the handshake), 400 for what is not a bare host name.
export const GET = defineRoute(
  {
    summary: 'May the TLS proxy get a certificate for this host?',
    description:
      'For Caddy’s on_demand_tls ask (README): 200 { allowed: true } for Kreide’s own host and every author domain Kreide serves (a domain added or removed counts within a minute); 404 unknown_domain for any other host name; 400 invalid_domain for anything that is not a bare ASCII host name (a port, userinfo, a path, an IP address, Unicode, an empty or malformed label, more than 253 characters).',
    auth: 'anonymous',
    query: z.object({ domain: textSchema(MAX_HOST_LENGTH + 1) }),
  },
  async ({ query }) => {
    if (!(await mayIssueCertificate(query.domain)))
      throw new AppError('not_found', undefined, { reason: 'unknown_domain' });
    return { allowed: true };
  },
);
