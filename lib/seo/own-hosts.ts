import { getEnv, type Env } from '@/lib/env';
import { getPublicOrigin } from './origin';
import { isIpLiteral, normalizeHost, ownHostMatcher } from '@/lib/text/host-name';

/**
 * Names the proxy's matcher treats as Kreide's own when the app is built (proxy.ts, its `missing`
 * host condition): such a host never reaches the storefront rewrite whatever is configured, so
 * these are own in every configuration — a seller who claimed one could never be served on it.
 */
export const MATCHER_OWN_HOSTS = ['localhost', 'kreide.*', 'www.kreide.*'] as const;

interface OwnHosts {
  env: Env;
  origin: string;
  publicHost: string;
  patterns: RegExp[];
  /** Entries without a wildcard: names Kreide names itself, fit for a certificate. */
  exact: Set<string>;
}

let cached: OwnHosts | undefined;

function ownHosts(): OwnHosts {
  const env = getEnv();
  const origin = getPublicOrigin();
  if (cached?.env === env && cached.origin === origin) return cached;
  const entries = [...MATCHER_OWN_HOSTS, ...env.KREIDE_OWN_HOSTS];
  cached = {
    env,
    origin,
    publicHost: normalizeHost(new URL(origin).host),
    patterns: entries.map(ownHostMatcher),
    exact: new Set(env.KREIDE_OWN_HOSTS.filter((entry) => !entry.includes('*'))),
  };
  return cached;
}

/** The host of PUBLIC_ORIGIN (default `localhost`), normalised. */
export function publicHostName(): string {
  return ownHosts().publicHost;
}

/**
 * Whether `host` (normalised: see normalizeHost) is one of Kreide's own names: the public
 * origin's host, an IP literal, the names the proxy's matcher skips, or an entry of
 * KREIDE_OWN_HOSTS. An own name is never a seller's domain: the claim refuses it, the proxy
 * never sends it to a storefront (its matcher is fixed at build time, so a name configured later
 * reaches the proxy and is caught here), the TLS question never answers for it as an author's.
 */
export function isOwnHostName(host: string): boolean {
  const own = ownHosts();
  return host === own.publicHost || isIpLiteral(host) || own.patterns.some((pattern) => pattern.test(host));
}

/**
 * The own names a certificate may be asked for: the public origin's host and the entries of
 * KREIDE_OWN_HOSTS written out in full. A pattern (`kreide.*`) says which names are Kreide's
 * whenever they come, not that Kreide holds every one of them: a name someone else points at us
 * must not make the TLS proxy ask a CA for a certificate.
 */
export function isCertifiedOwnHostName(host: string): boolean {
  const own = ownHosts();
  return host === own.publicHost || own.exact.has(host);
}
