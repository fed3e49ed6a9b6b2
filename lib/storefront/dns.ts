import 'server-only';
import { Resolver } from 'node:dns/promises';

/** Reads the TXT records of a name: one entry per record, each as the chunks DNS delivered. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

/** How long a TXT lookup may take in all before DNS counts as unavailable. */
export const DNS_TIMEOUT_MS = 5_000;

/**
 * DNS did not answer (timeout, SERVFAIL, refused, no network): the name's records are unknown,
 * which is not the same as a name without records, so a check must not be counted as failed.
 */
export class DnsUnavailableError extends Error {
  readonly reason = 'dns_unavailable';

  constructor(readonly dnsCode: string) {
    super(`DNS lookup failed (${dnsCode})`);
    this.name = 'DnsUnavailableError';
  }
}

/**
 * Answers that say the name has no TXT records: NXDOMAIN (ENOTFOUND) and a name that exists
 * with other records only (ENODATA).
 */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * The system's resolvers through c-ares (`node:dns/promises`), not getaddrinfo: TXT is not in
 * /etc/hosts anyway, and c-ares runs off the libuv thread pool, so a slow DNS server cannot hold
 * up file or crypto work. Two tries of 2 s each stay inside DNS_TIMEOUT_MS.
 */
export function createSystemTxtResolver(): TxtResolver {
  return {
    // One resolver per lookup: cancel() on a shared one would cancel everyone's queries.
    resolveTxt: (name) => new Resolver({ timeout: 2_000, tries: 2 }).resolveTxt(name),
  };
}

let override: TxtResolver | null = null;

/**
 * Replaces the resolver (tests answer from a table; a deployment could ask a DNS-over-HTTPS
 * service). `null` puts the system's resolver back.
 */
export function setTxtResolver(resolver: TxtResolver | null): void {
  override = resolver;
}

/** The resolver in use: the one set by setTxtResolver, else the system's. */
export function getTxtResolver(): TxtResolver {
  return override ?? createSystemTxtResolver();
}

/**
 * The TXT records of `name`, each record's chunks joined (a record longer than 255 bytes arrives
 * in chunks). A name without records answers `[]`; a lookup that fails or takes longer than
 * `timeoutMs` throws DnsUnavailableError, whichever resolver is in use.
 */
export async function lookupTxt(name: string, timeoutMs = DNS_TIMEOUT_MS): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DnsUnavailableError('ETIMEOUT')), timeoutMs);
    timer.unref();
  });
  try {
    const records = await Promise.race([getTxtResolver().resolveTxt(name), timeout]);
    return records.map((chunks) => chunks.join(''));
  } catch (error) {
    if (error instanceof DnsUnavailableError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && NO_RECORDS.has(code)) return [];
    throw new DnsUnavailableError(typeof code === 'string' ? code : 'EUNKNOWN');
  } finally {
    clearTimeout(timer);
  }
}
