import { findAuthorDomain } from '@/lib/proxy/author-domains';
import { isIpLiteral, normalizeHost } from '@/lib/http/host';
import { getPublicOrigin } from '@/lib/seo/origin';

/** The longest DNS name (RFC 1035); anything longer is no host of ours. */
export const MAX_HOST_LENGTH = 253;

/**
 * Whether a TLS proxy that issues certificates on demand (Caddy's `on_demand_tls ask`) may get
 * one for `host`: only for Kreide's own host and the authors' domains Kreide serves. Anything
 * else (an IP, a name pointed at us by someone else) gets no certificate, so nobody can make the
 * proxy request certificates for arbitrary names. Read from the in-memory map of author domains
 * (refreshed every minute), so a domain added or removed is answered for within a minute on
 * every process and the question costs no query.
 */
export async function mayIssueCertificate(host: string): Promise<boolean> {
  const name = normalizeHost(host);
  if (!name || name.length > MAX_HOST_LENGTH || isIpLiteral(name)) return false;
  if (name === normalizeHost(new URL(getPublicOrigin()).host)) return true;
  return (await findAuthorDomain(name)) !== undefined;
}
