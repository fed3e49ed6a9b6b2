import type { IncomingMessage } from 'node:http';

/**
 * Header that server.ts sets to the socket's remote address, overwriting whatever a client
 * sent, so route handlers can trust it.
 */
export const CLIENT_IP_HEADER = 'x-kreide-client-ip';

/**
 * Writes the socket's remote address into CLIENT_IP_HEADER, for requests and upgrades alike:
 * a client's own value is always replaced, since everything after the front door trusts it.
 */
export function recordClientAddress(req: IncomingMessage): void {
  req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? '';
}
