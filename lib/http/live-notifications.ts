/**
 * The live notifications endpoint, `/notifications` (SPEC §7): a WebSocket behind the front
 * door's upgrade table. It runs in server.ts's own module graph (no `server-only` here or in
 * what it imports).
 *
 * A connection proves who it is with its first message, `{type: 'handshake', access_token,
 * world}`: the website sends a single-use ticket (its session cookie is out of scripts' reach),
 * an app its bearer token; nothing goes in the URL. From then on the endpoint sends what the
 * account is owed, oldest first, as `{id, type: 'notification', notification, unread}`, each
 * until a client acknowledges it with `{type: 'ack', id}`: a notification is stored before it
 * is pushed (lib/notifications/producers.ts), so one missed while offline, or while this
 * process was down, is sent on the next connection.
 *
 * What wakes a connection: with PostgreSQL, the NOTIFY its notification's transaction sent at
 * commit (on every process); on the embedded database (one process), a look every 100 ms at what
 * the connected accounts are owed. Sessions are checked every second, so signing out, a revoked
 * session or a deleted account closes the account's sockets on every process within two.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { z } from 'zod';
import { CacheListener } from '@/lib/cache/listener';
import { getEnv } from '@/lib/env';
import { acceptedOrigins } from './origin';
import { refuseUpgrade } from './upgrade';
import { CLIENT_IP_HEADER } from '@/lib/security/client-ip';
import { isWorldCode, type WorldCode } from '@/lib/worlds/worlds';
import { renderNotification } from '@/lib/notifications/render';
import {
  acknowledge,
  countNotifications,
  endedSessions,
  NOTIFICATION_CHANNEL,
  ownerOfToken,
  redeemSocketTicket,
  undelivered,
  usersOwed,
} from '@/lib/notifications/store';

export const LIVE_PATH = '/notifications';
/** The server's heartbeat; a connection that says nothing for two is closed. */
export const HEARTBEAT_MS = 30_000;
/** Time to send the handshake after the upgrade. */
export const HANDSHAKE_MS = 10_000;
/** Frames above this close the connection (ws answers 1009). */
export const MAX_FRAME_BYTES = 4096;
/** Sockets per account: a few tabs and a phone; the oldest goes when another opens. */
export const MAX_SOCKETS_PER_ACCOUNT = 5;
/** How often acknowledgements are written, and the embedded database is looked at. */
export const FLUSH_MS = 100;
/** How often the sessions behind the sockets are checked. */
export const SESSION_CHECK_MS = 1000;

/**
 * Close codes. 4000–4099 tell the client not to reconnect (its reason says why); the others
 * (1008 a broken rule, 1011 our fault, 1012 restarting) let it come back.
 */
export const CLOSE = {
  unauthorized: [4001, 'unauthorized'],
  sessionRevoked: [4002, 'session_revoked'],
  accountDeleted: [4003, 'account_deleted'],
  replaced: [4004, 'replaced'],
  handshakeTimeout: [1008, 'handshake_timeout'],
  badMessage: [1008, 'bad_message'],
  unknownType: [1008, 'unknown_type'],
  silent: [1001, 'heartbeat_missed'],
  restarting: [1012, 'restarting'],
} as const satisfies Record<string, readonly [number, string]>;

const handshakeSchema = z
  .object({ type: z.literal('handshake'), access_token: z.string().min(1).max(200), world: z.string().max(8) })
  .strict();
const ackSchema = z.object({ type: z.literal('ack'), id: z.union([z.string().regex(/^\d{1,10}$/), z.number().int()]) });
const heartbeatSchema = z.object({ type: z.literal('heartbeat') });

interface Connection {
  ws: WebSocket;
  address: string;
  openedAt: number;
  lastHeard: number;
  userId: number | null;
  tokenId: number | null;
  /** The handshake arrived and is being checked. */
  handshaking: boolean;
  world: WorldCode;
  /** An admin acting as the user sees what they would, but acknowledges nothing for them. */
  impersonated: boolean;
  /** Ids sent on this connection (not sent twice while unacknowledged). */
  sent: Set<number>;
  delivering: Promise<void> | null;
  again: boolean;
}

export interface LiveEndpointOptions {
  /** With PostgreSQL: LISTEN for notifications of every process. Without: look every 100 ms. */
  databaseUrl?: string;
  /** Default: LIVE_SOCKETS_PER_ADDRESS. */
  socketsPerAddress?: number;
  /** Default: HEARTBEAT_MS (tests shorten it). */
  heartbeatMs?: number;
  log?: (message: string) => void;
}

export interface LiveEndpoint {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Delivers now to these accounts' sockets (a notification was committed in this process). */
  wake: (userIds: Iterable<number>) => void;
  stats: () => { connections: number; accounts: number };
  /** Closes every socket (1012: come back) and stops timers and the listener. */
  stop: () => Promise<void>;
}

/** Starts the endpoint's machinery; its `handleUpgrade` goes into the front door's upgrade table. */
export function startLiveEndpoint(options: LiveEndpointOptions = {}): LiveEndpoint {
  const log = options.log ?? ((message: string) => console.error(`live notifications: ${message}`));
  // Sockets per address: generous, a school's whole staff shares one (LIVE_SOCKETS_PER_ADDRESS).
  const perAddress = options.socketsPerAddress ?? getEnv().LIVE_SOCKETS_PER_ADDRESS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const all = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();
  const byAddress = new Map<string, number>();
  const acks = new Map<number, Set<number>>();
  let stopped = false;

  const close = (conn: Connection, [code, reason]: readonly [number, string]) => {
    if (conn.ws.readyState === conn.ws.OPEN || conn.ws.readyState === conn.ws.CONNECTING) conn.ws.close(code, reason);
  };
  const send = (conn: Connection, message: unknown) => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(message));
  };

  const forget = (conn: Connection) => {
    if (!all.delete(conn)) return;
    const left = (byAddress.get(conn.address) ?? 1) - 1;
    if (left > 0) byAddress.set(conn.address, left);
    else byAddress.delete(conn.address);
    if (conn.userId === null) return;
    const mine = byUser.get(conn.userId);
    mine?.delete(conn);
    if (mine && mine.size === 0) byUser.delete(conn.userId);
  };

  /** Sends what the account is owed and this connection has not had; runs again if woken meanwhile. */
  const deliver = (conn: Connection): Promise<void> => {
    if (conn.delivering) {
      conn.again = true;
      return conn.delivering;
    }
    conn.delivering = (async () => {
      do {
        conn.again = false;
        if (conn.userId === null || conn.ws.readyState !== conn.ws.OPEN) return;
        const rows = (await undelivered(conn.userId)).filter((row) => !conn.sent.has(row.id));
        if (rows.length === 0) continue;
        const { unread } = await countNotifications(conn.userId);
        for (const row of rows) {
          conn.sent.add(row.id);
          const notification = renderNotification(row, conn.world);
          // A kind this version cannot show is acknowledged so it is not sent for ever.
          if (!notification) queueAck(conn, row.id);
          else send(conn, { id: String(row.id), type: 'notification', notification, unread });
        }
      } while (conn.again);
    })()
      .catch((error: Error) => log(`delivery failed: ${error.message}`))
      .finally(() => {
        conn.delivering = null;
      });
    return conn.delivering;
  };

  const wake = (userIds: Iterable<number>) => {
    for (const userId of userIds) for (const conn of byUser.get(userId) ?? []) void deliver(conn);
  };
  const wakeEveryone = () => {
    for (const conn of all) void deliver(conn);
  };

  const queueAck = (conn: Connection, id: number) => {
    if (conn.userId === null || conn.impersonated) return;
    let mine = acks.get(conn.userId);
    if (!mine) acks.set(conn.userId, (mine = new Set()));
    mine.add(id);
  };

  const flushAcks = async () => {
    if (acks.size === 0) return;
    const batch = [...acks];
    acks.clear();
    await Promise.all(batch.map(([userId, ids]) => acknowledge(userId, [...ids])));
  };

  const register = (conn: Connection, userId: number, tokenId: number, impersonated: boolean, world: WorldCode) => {
    conn.userId = userId;
    conn.tokenId = tokenId;
    conn.impersonated = impersonated;
    conn.world = world;
    let mine = byUser.get(userId);
    if (!mine) byUser.set(userId, (mine = new Set()));
    mine.add(conn);
    // Oldest first out: the tab left open longest is the one least looked at.
    const open = [...mine].sort((a, b) => a.openedAt - b.openedAt);
    while (open.length > MAX_SOCKETS_PER_ACCOUNT) {
      const oldest = open.shift()!;
      close(oldest, CLOSE.replaced);
      mine.delete(oldest);
    }
  };

  /** Who the handshake's token is: a ticket (website) or a bearer token (app). */
  const authenticate = async (token: string) => {
    const ticketToken = await redeemSocketTicket(token);
    return ownerOfToken(ticketToken !== null ? { id: ticketToken } : { bearer: token });
  };

  const onMessage = async (conn: Connection, data: RawData, isBinary: boolean) => {
    conn.lastHeard = Date.now();
    let message: unknown;
    try {
      message = isBinary ? null : JSON.parse(data.toString());
    } catch {
      message = null;
    }
    if (!message || typeof message !== 'object') return close(conn, CLOSE.badMessage);
    if (conn.userId === null) {
      const handshake = handshakeSchema.safeParse(message);
      if (!handshake.success) return close(conn, CLOSE.unauthorized);
      // A second handshake while the first is checked changes nothing.
      if (conn.handshaking) return;
      conn.handshaking = true;
      const who = await authenticate(handshake.data.access_token);
      if (!who || conn.ws.readyState !== conn.ws.OPEN) return close(conn, CLOSE.unauthorized);
      const world = isWorldCode(handshake.data.world) ? handshake.data.world : conn.world;
      register(conn, who.userId, who.tokenId, who.impersonated, world);
      const { unread } = await countNotifications(who.userId);
      send(conn, { type: 'ready', unread });
      await deliver(conn);
      return;
    }
    if (heartbeatSchema.safeParse(message).success) return;
    const ack = ackSchema.safeParse(message);
    if (ack.success) {
      const id = Number(ack.data.id);
      // Only what this connection was sent: another account's ids are never acknowledged.
      if (conn.sent.has(id)) queueAck(conn, id);
      return;
    }
    close(conn, (message as { type?: unknown }).type === undefined ? CLOSE.badMessage : CLOSE.unknownType);
  };

  const accept = (ws: WebSocket, address: string) => {
    const now = Date.now();
    const conn: Connection = {
      ws,
      address,
      openedAt: now,
      lastHeard: now,
      userId: null,
      tokenId: null,
      handshaking: false,
      world: 'de',
      impersonated: false,
      sent: new Set(),
      delivering: null,
      again: false,
    };
    all.add(conn);
    byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
    const handshakeTimer = setTimeout(() => {
      if (conn.userId === null) close(conn, CLOSE.handshakeTimeout);
    }, HANDSHAKE_MS);
    handshakeTimer.unref();
    ws.on('message', (data, isBinary) => {
      onMessage(conn, data, isBinary).catch((error: Error) => {
        log(`message failed: ${error.message}`);
        close(conn, [1011, 'server_error']);
      });
    });
    ws.on('close', () => {
      clearTimeout(handshakeTimer);
      forget(conn);
    });
    // An oversized frame or a broken client: ws closes the socket itself (1009, 1002).
    ws.on('error', () => forget(conn));
  };

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (stopped) return refuseUpgrade(socket, 429);
    // Browsers send cookies and tickets with a handshake from any site: only our own pages may
    // open one. Apps send no Origin.
    const origin = req.headers.origin;
    if (origin !== undefined && !acceptedOrigins().has(origin)) return refuseUpgrade(socket, 403);
    // The front door recorded the client's address (lib/security/client-ip.ts).
    const address = String(req.headers[CLIENT_IP_HEADER] ?? req.socket.remoteAddress ?? 'unknown');
    if ((byAddress.get(address) ?? 0) >= perAddress) return refuseUpgrade(socket, 429);
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, address));
  };

  // Heartbeats both ways: ours keeps proxies from dropping an idle socket, the client's answer
  // (or anything else it sends) shows it is still there.
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const heartbeat = setInterval(() => {
    const silentSince = Date.now() - 2 * heartbeatMs;
    for (const conn of all) {
      if (conn.lastHeard < silentSince) {
        close(conn, CLOSE.silent);
        conn.ws.terminate();
        forget(conn);
      } else send(conn, { type: 'heartbeat' });
    }
  }, heartbeatMs);
  heartbeat.unref();

  let flushing = false;
  const flush = setInterval(() => {
    if (flushing) return;
    flushing = true;
    (async () => {
      await flushAcks();
      // The embedded database has no NOTIFY between its clients: look at what is owed instead.
      if (!options.databaseUrl && byUser.size > 0) {
        const owed = await usersOwed([...byUser.keys()]);
        for (const [userId, ids] of owed)
          for (const conn of byUser.get(userId) ?? []) if (ids.some((id) => !conn.sent.has(id))) void deliver(conn);
      }
    })()
      .catch((error: Error) => log(error.message))
      .finally(() => {
        flushing = false;
      });
  }, FLUSH_MS);
  flush.unref();

  let checking = false;
  const sessions = setInterval(() => {
    if (checking || all.size === 0) return;
    checking = true;
    const held = [...all].filter((conn) => conn.tokenId);
    endedSessions([...new Set(held.map((conn) => conn.tokenId!))])
      .then((ended) => {
        for (const conn of held) {
          const reason = ended.get(conn.tokenId!);
          if (reason) close(conn, reason === 'account_deleted' ? CLOSE.accountDeleted : CLOSE.sessionRevoked);
        }
      })
      .catch((error: Error) => log(error.message))
      .finally(() => {
        checking = false;
      });
  }, SESSION_CHECK_MS);
  sessions.unref();

  const listener = options.databaseUrl
    ? new CacheListener({
        databaseUrl: options.databaseUrl,
        channel: NOTIFICATION_CHANNEL,
        onTags: (ids) => wake(ids.map(Number).filter(Number.isSafeInteger)),
        // Woken for nothing while the connection was down: look for every socket.
        onGap: wakeEveryone,
        log,
      })
    : null;
  void listener?.start();

  return {
    handleUpgrade,
    wake,
    stats: () => ({ connections: all.size, accounts: byUser.size }),
    stop: async () => {
      stopped = true;
      clearInterval(heartbeat);
      clearInterval(flush);
      clearInterval(sessions);
      for (const conn of all) close(conn, CLOSE.restarting);
      await flushAcks().catch(() => {});
      await listener?.stop();
      wss.close();
    },
  };
}
