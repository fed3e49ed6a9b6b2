/**
 * Header that server.ts sets to the socket's remote address, overwriting whatever a client
 * sent, so route handlers can trust it.
 */
export const CLIENT_IP_HEADER = 'x-kreide-client-ip';
