import { AppError } from '@/lib/errors/app-error';
import { parseHostName } from '@/lib/text/host-name';
import { isCertifiedOwnHostName, isOwnHostName } from '@/lib/seo/own-hosts';
import { findAuthorDomain } from '@/lib/proxy/author-domains';

export { MAX_HOST_LENGTH } from '@/lib/text/host-name';

/**
 * Whether a TLS proxy that issues certificates on demand (Caddy's `on_demand_tls ask`) may get
 * one for `host`: only for Kreide's own names written out in configuration and the authors'
 * domains Kreide serves. Anything else (a name pointed at us by someone else) gets no
 * certificate, so nobody can make the proxy request certificates for arbitrary names. Read from
 * the in-memory map of author domains (refreshed every minute), so a domain added or removed is
 * answered for within a minute on every process and the question costs no query.
 *
 * The proxy asks with the name from the TLS handshake, which is a bare ASCII host name: anything
 * else (a port, userinfo, a path, an IP address, Unicode, a broken label) is a 400
 * `invalid_domain`, never looked up — `author-demo.localhost:evil` is not the author's domain.
 */
export async function mayIssueCertificate(host: string): Promise<boolean> {
  const name = parseHostName(host, { unicode: 'refuse' });
  if (!name) throw new AppError('validation_failed', undefined, { reason: 'invalid_domain' });
  if (isCertifiedOwnHostName(name)) return true;
  // An own name is never an author's, even if a row says so (one written before the rule).
  if (isOwnHostName(name)) return false;
  return (await findAuthorDomain(name)) !== undefined;
}
