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
