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

/**
 * The process's one HTTP server: every request goes through preRoute, which answers from memory
 * or hands it to Next, and every upgrade through takeUpgrades, which refuses it or hands it to
 * its endpoint. Not yet listening.
 */
export function createFrontDoor({ handle, dev, upgradeRoutes }: FrontDoorOptions): Server {
  const server = createServer((req, res) => {
    // preRoute answers from memory, or hands over to Next (itself, after an asynchronous check).
    const toNext = () => void handle(req, res);
    if (preRoute(req, res, toNext)) return;
    toNext();
  });
  takeUpgrades(server, { passToNext: dev, routes: upgradeRoutes });
  return server;
}
