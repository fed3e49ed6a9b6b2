import { defineRoute } from '@/lib/api/handler';
import { SOCKET_TICKET_TTL_MS } from '@/lib/notifications/kinds';
import { issueSocketTicket } from '@/lib/notifications/store';

// POST /api/v1/notifications/ticket — a single-use ticket for the /notifications WebSocket.
export const POST = defineRoute(
  {
    summary: 'A single-use ticket for the live notifications WebSocket (sent as access_token in its handshake)',
    description:
      'The website’s session is an httpOnly cookie that scripts cannot read: the page asks for a ticket right before it connects. It works once and for 60 seconds. Apps send their bearer token in the handshake instead.',
    auth: 'user',
  },
  async ({ session }) => ({
    ticket: await issueSocketTicket(session.tokenId),
    expiresInSeconds: SOCKET_TICKET_TTL_MS / 1000,
  }),
);
