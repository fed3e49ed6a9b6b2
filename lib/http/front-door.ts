import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { preRoute } from './pre-route';
import { takeUpgrades, type UpgradeHandler } from './upgrade';

export interface FrontDoorOptions {
  /** Next's request handler. */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** `next dev`: Next's hot reload upgrades reach Next. */
  dev: boolean;
  /** The WebSocket endpoints (tests give their own; default lib/http/upgrade.ts's table). */
  upgradeRoutes?: ReadonlyMap<string, UpgradeHandler>;
}

/** How long an idle kept-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

/**
 * The process's one HTTP server: every request goes through preRoute, which answers from memory
 * or hands it to Next, and every upgrade through takeUpgrades, which refuses it or hands it to
 * its endpoint. Not yet listening.
 */
export function createFrontDoor({ handle, dev, upgradeRoutes }: FrontDoorOptions): Server {
  const server = createServer((req, res) => {
    // preRoute answers from memory, or hands the request over to Next itself.
    preRoute(req, res, () => void handle(req, res));
  });
  takeUpgrades(server, { passToNext: dev, routes: upgradeRoutes });
  // Node closes an idle kept-alive connection after 5 s. A client that sends its next request
  // on that connection just as it closes gets a reset (ECONNRESET), not an answer; clients pause
  // longer than 5 s between calls all the time. Idle connections stay open longer than the usual
  // 60 s of a load balancer in front, so the balancer closes them first. The header deadline must
  // exceed it, or Node would end a kept-alive connection that merely waits for its next request.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
}
