import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * Security headers every response carries, pages, API, static files and media alike. The
 * Content-Security-Policy of HTML pages is added per response with its nonce (lib/http/csp.ts).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Nothing of Kreide is meant to be framed; frame-ancestors 'none' says the same to browsers
  // that read the policy.
  'X-Frame-Options': 'DENY',
  // No feature of the site needs these; a compromised script cannot ask for them either.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  // Social sign-in redirects (no pop-up talks back to its opener), so the page keeps its own
  // browsing context group.
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * True when the visitor reached us over HTTPS: TLS on this socket, or a proxy in front saying so
 * (browsers ignore Strict-Transport-Security over plain HTTP, so a forged header costs nothing).
 */
export function isSecureRequest(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket | undefined)?.encrypted) return true;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

/** Sets the headers of every response; Strict-Transport-Security only behind HTTPS. */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse, secure = isSecureRequest(req)): void {
  for (const name in SECURITY_HEADERS) res.setHeader(name, SECURITY_HEADERS[name]!);
  if (secure) res.setHeader('Strict-Transport-Security', HSTS_VALUE);
}
