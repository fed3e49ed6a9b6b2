import { domainToASCII } from 'node:url';

/**
 * A Host header as a lookup key: lower-case, without the port, without one trailing dot
 * (`Author-Demo.localhost.:3000` → `author-demo.localhost`). Host names are case-insensitive and
 * a trailing dot names the same host fully qualified, so every lookup of a host (the author
 * domains above all) goes through this one function. An IPv6 literal keeps its brackets.
 */
export function normalizeHost(host: string | null | undefined): string {
  if (!host) return '';
  const name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    return end === -1 ? name : name.slice(0, end + 1);
  }
  const colon = name.indexOf(':');
  const withoutPort = colon === -1 ? name : name.slice(0, colon);
  return withoutPort.endsWith('.') ? withoutPort.slice(0, -1) : withoutPort;
}

/** True for an IP literal (`127.0.0.1`, `[::1]`): never an author's domain, which is a DNS name. */
export function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host);
}

/** The longest DNS name (RFC 1035) without its trailing dot. */
export const MAX_HOST_LENGTH = 253;

// One DNS label: letters, digits and inner hyphens, 1 to 63 characters (RFC 1035, RFC 1123).
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

// ASCII that has no place in a host name: a port (`:`), userinfo (`@`), a path, a query, an
// escape, brackets of an IPv6 literal, `_`, spaces and controls. Checked before the IDNA
// conversion, which would percent-decode `%61` and cut `a.b/c` at the slash instead of refusing it.
const FOREIGN_ASCII = /[\u0000-\u002c\u002f\u003a-\u0060\u007b-\u007f]/;

/**
 * A bare host name as DNS, certificates and the author-domain map know it, or null when the input
 * is anything else. The one judge of "is this a host name" for every place that takes one from
 * outside (a seller's domain claim, the TLS proxy's question, the proxy's own-name check), so a
 * port, userinfo, a path, an IP address or a broken label is refused the same way everywhere.
 *
 * Lower-cased, one trailing dot dropped. `unicode: 'punycode'` converts an internationalised
 * name the way browsers do (IDNA/UTS #46: `Schüler.DE` → `xn--schler-5ya.de`, for what a person
 * types); `'refuse'` takes ASCII only (what protocols send: SNI and Host carry punycode). Refused:
 * anything but letters, digits, hyphens and dots, labels that are empty, longer than 63 or start
 * or end with a hyphen, punycode that does not decode, names longer than 253, and a numeric last
 * label (an IPv4 address in any spelling, `1.2.3` included). A single label (`localhost`) is a
 * host name; callers that need a registrable domain ask for two labels themselves.
 */
export function parseHostName(input: unknown, options: { unicode: 'punycode' | 'refuse' }): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > 4 * MAX_HOST_LENGTH) return null;
  const typed = input.toLowerCase();
  // NFKC first: a full-width colon or solidus would otherwise pass here and become one in IDNA.
  if (FOREIGN_ASCII.test(typed.normalize('NFKC').toLowerCase())) return null;
  // What FOREIGN_ASCII let through and is not one of these is beyond ASCII.
  const ascii = /^[a-z0-9.-]*$/.test(typed);
  if (!ascii && options.unicode === 'refuse') return null;
  const converted = ascii ? typed : domainToASCII(typed);
  const name = converted.endsWith('.') ? converted.slice(0, -1) : converted;
  if (!name || name.length > MAX_HOST_LENGTH) return null;
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) return null;
  if (/^\d+$/.test(labels.at(-1)!)) return null;
  // Punycode labels must decode: the IDNA conversion answers '' for `xn--zz`.
  if (name.includes('xn--') && domainToASCII(name) !== name) return null;
  return name;
}

/**
 * Whether `entry` is a host name, optionally with `*.` in front (any subdomain) or `.*` at the
 * end (any top-level domain, as the proxy's matcher treats `kreide.<anything>`): the form of
 * an entry of KREIDE_OWN_HOSTS.
 */
export function isOwnHostPattern(entry: string): boolean {
  const core = entry.replace(/^\*\./, '').replace(/\.\*$/, '');
  return core !== '' && parseHostName(core, { unicode: 'refuse' }) === core;
}

/** An own-host pattern as a regular expression over a parsed host name. */
export function ownHostMatcher(entry: string): RegExp {
  const escaped = entry.replace(/^\*\./, '').replace(/\.\*$/, '').replace(/\./g, '\\.');
  const subdomains = entry.startsWith('*.') ? '(?:[a-z0-9-]+\\.)+' : '';
  const anyTld = entry.endsWith('.*') ? '\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)*' : '';
  return new RegExp(`^${subdomains}${escaped}${anyTld}$`);
}
