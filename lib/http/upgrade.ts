import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { recordClientAddress } from '@/lib/security/client-ip';
import { RESOLUTION_HEADER } from '@/lib/request/resolution';
import { isOwnHostName } from '@/lib/seo/own-hosts';
import { normalizeHost } from '@/lib/text/host-name';

/** What answers an accepted upgrade request: from here on the socket is its own. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => unknown;

/**
 * Kreide's own WebSocket endpoints, by exact path, when none are given: server.ts gives the live
 * notifications endpoint (lib/http/live-notifications.ts), whose machinery it starts and stops.
 * An endpoint is a route (checked for its Origin by its handler: browsers send cookies with a
 * WebSocket handshake from any site), never a second `upgrade` listener on the server.
 */
export const UPGRADE_ROUTES: ReadonlyMap<string, UpgradeHandler> = new Map();

/** Next's own namespace: in development its hot reload opens a WebSocket under it. */
const NEXT_PREFIX = '/_next/';

export interface UpgradeOptions {
  /** Whether Next's own upgrades (hot reload, `next dev` only) are passed to Next. */
  passToNext: boolean;
  /** The endpoints (tests give their own). */
  routes?: ReadonlyMap<string, UpgradeHandler>;
}

/** Answers an upgrade with a plain HTTP status and closes the socket: never left hanging. */
export function refuseUpgrade(socket: Duplex, status: 403 | 404 | 429): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
    socket.destroy(),
  );
}

/**
 * Makes `server`'s `upgrade` event go through the front door: the same host rule and client
 * address as an HTTP request, then one route table. Only Kreide's own host names may upgrade: an
 * author's domain serves the storefront's pages and nothing personal (the session cookie lives
 * on Kreide's host), and any other name is not ours; both get a 403. A path without a route gets
 * a 404. Each refusal is a status line and a closed socket.
 *
 * Next adds an `upgrade` listener of its own to the server on the first request it handles, and
 * it ends or strands the sockets of paths it does not serve, the door's own endpoints too. So
 * every listener added after the door's is taken off the server again; the first one is
 * Next's, kept for Next's own paths when `passToNext` is set.
 */
export function takeUpgrades(server: Server, options: UpgradeOptions): void {
  const routes = options.routes ?? UPGRADE_ROUTES;
  let nextUpgrade: UpgradeHandler | undefined;

  const door = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets the connection must not take the process with it.
    socket.on('error', () => socket.destroy());
    if (!isOwnHostName(normalizeHost(req.headers.host))) return refuseUpgrade(socket, 403);
    recordClientAddress(req);
    // The front door's resolution is its own to write, on upgrades as on requests.
    delete req.headers[RESOLUTION_HEADER];
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const handler = routes.get(path) ?? (options.passToNext && path.startsWith(NEXT_PREFIX) ? nextUpgrade : undefined);
    if (!handler) return refuseUpgrade(socket, 404);
    try {
      Promise.resolve(handler(req, socket, head)).catch((error: unknown) => failed(socket, error));
    } catch (error) {
      failed(socket, error);
    }
  };

  server.on('newListener', (event: string | symbol, listener: UpgradeHandler) => {
    if (event !== 'upgrade' || listener === door) return;
    // Emitted before the listener is added: it is taken off once it is on, before any socket
    // event can reach it.
    process.nextTick(() => server.removeListener('upgrade', listener));
    nextUpgrade ??= listener;
  });
  server.on('upgrade', door);
}

/** A handler that threw: whatever it wrote already, the socket is closed. */
function failed(socket: Duplex, error: unknown): void {
  console.error('upgrade failed:', (error as Error).message);
  socket.destroy();
}
