/**
 * The browser's end of the live notifications socket (`/notifications`, SPEC): ticket,
 * handshake, heartbeat watchdog, batched acknowledgements and reconnects. No imports and no
 * framework: it ships to every signed-in page, and its tests drive it with a fake socket and
 * Jest's fake timers.
 */

/** The server beats this often; two missed beats (of silence) mean the connection is dead. */
export const HEARTBEAT_MS = 30_000;
export const SILENCE_MS = 2 * HEARTBEAT_MS;
/** Reconnect delays: 2, 3, 4 … s per consecutive failure, 30 s at most, 2 s again after a `ready`. */
export const FIRST_RETRY_MS = 2000;
export const RETRY_STEP_MS = 1000;
export const MAX_RETRY_MS = 30_000;
/** Acknowledgements wait for the next tick, so a burst of notifications costs one wake-up. */
export const ACK_FLUSH_MS = 100;
export const NOTIFICATIONS_PATH = '/notifications';

/**
 * Reasons the server gives (with a code in 4001..4099) when reconnecting cannot help. Any code in
 * 4000..4099 is final whatever its reason, so a reason added on the server later still stops.
 */
export const FINAL_CLOSE_REASONS: readonly string[] = [
  'signed_out',
  'session_revoked',
  'replaced',
  'account_deleted',
  'unauthorized',
];

export type LiveState = 'connecting' | 'open' | 'waiting' | 'stopped';
export interface LiveStateDetail {
  reason?: string;
  delayMs?: number;
}

// Checked like a method (bivariantly), so the browser's WebSocket, whose handlers take its own
// event types, is a SocketLike as it is.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of the browser's WebSocket this file uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
}

export interface LiveTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveConnectionOptions {
  url: string;
  world: string;
  /** A fresh single-use ticket for each attempt; null: not signed in (stops for good). */
  getTicket: () => Promise<string | null>;
  createSocket: (url: string) => SocketLike;
  /** Once per notification id for the life of the connection object, reconnects included. */
  onNotification: (notification: unknown, unread?: number) => void;
  onUnread?: (count: number) => void;
  onState?: (state: LiveState, detail?: LiveStateDetail) => void;
  timers?: LiveTimers;
}

export interface LiveConnection {
  /** Connects; calling it again, or after `stop()`, does nothing. */
  start(): void;
  /** Closes with 1000 and cancels every timer; nothing reconnects afterwards. */
  stop(): void;
}

const OPEN = 1;
const CLOSING = 2;

/** The socket's address for the page's own origin: wss on https. */
export function notificationsUrl(location: { protocol: string; host: string }): string {
  return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + NOTIFICATIONS_PATH;
}

/** The wait before the next attempt after `failures` (1, 2, …) failures in a row. */
export function retryDelay(failures: number): number {
  return Math.min(FIRST_RETRY_MS + RETRY_STEP_MS * (Math.max(failures, 1) - 1), MAX_RETRY_MS);
}

/** Whether a close from the server means "do not come back" (see FINAL_CLOSE_REASONS). */
export function isFinalClose(code: number, reason: string): boolean {
  return (code >= 4000 && code <= 4099) || FINAL_CLOSE_REASONS.includes(reason);
}

export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const timers: LiveTimers = options.timers ?? globalThis;
  // Called detached: a browser's timer functions refuse any `this` but the window or none.
  const { setTimeout: later, clearTimeout: cancel } = timers;
  let started = false;
  let stopped = false;
  let socket: SocketLike | null = null;
  let failures = 0;
  let retryTimer: unknown;
  let silenceTimer: unknown;
  let ackTimer: unknown;
  let acks: unknown[] = [];
  const seen = new Set<unknown>();

  const report = (state: LiveState, detail?: LiveStateDetail) => options.onState?.(state, detail);

  // Only an open socket: send() throws while connecting, and a closing one drops the frame anyway.
  const send = (message: object) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  function drop() {
    const old = socket;
    socket = null;
    cancel(silenceTimer);
    cancel(ackTimer);
    // Acknowledgements belong to the socket that carried the notifications: the server sends
    // unacknowledged ones again after a reconnect, and the new socket's first frame must be the
    // handshake.
    acks = [];
    if (!old) return;
    // Detached first: the browser reports our own close (late, on a dead line), which must not
    // count as a failure of whatever comes next.
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    if (old.readyState < CLOSING) old.close(1000);
  }

  function fail() {
    drop();
    failures += 1;
    const delayMs = retryDelay(failures);
    report('waiting', { delayMs });
    retryTimer = later(connect, delayMs);
  }

  function finish(reason?: string) {
    stopped = true;
    cancel(retryTimer);
    drop();
    report('stopped', reason === undefined ? undefined : { reason });
  }

  // Armed from the socket's creation, so a connection that never opens is given up as well.
  function watch() {
    cancel(silenceTimer);
    silenceTimer = later(fail, SILENCE_MS);
  }

  function flush() {
    const batch = acks;
    acks = [];
    for (const id of batch) send({ type: 'ack', id });
  }

  function receive(data: unknown) {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const { type, id, unread, notification } = message as Record<string, unknown>;
    const count = typeof unread === 'number' ? unread : undefined;
    if (type === 'heartbeat') {
      send({ type: 'heartbeat' });
    } else if (type === 'ready') {
      failures = 0;
      report('open');
      if (count !== undefined) options.onUnread?.(count);
    } else if (type === 'notification' && (typeof id === 'string' || typeof id === 'number')) {
      // Queued before delivery, so a consumer that throws still gets its notification acknowledged.
      if (!acks.length) ackTimer = later(flush, ACK_FLUSH_MS);
      acks.push(id);
      if (seen.has(id)) return;
      seen.add(id);
      options.onNotification(notification, count);
      if (count !== undefined) options.onUnread?.(count);
    }
  }

  async function connect() {
    report('connecting');
    let ticket: string | null;
    try {
      ticket = await options.getTicket();
    } catch {
      if (!stopped) fail();
      return;
    }
    if (stopped) return;
    if (!ticket) return finish('signed_out');
    try {
      socket = options.createSocket(options.url);
    } catch {
      return fail();
    }
    const handshake = { type: 'handshake', access_token: ticket, world: options.world };
    socket.onopen = () => {
      watch();
      send(handshake);
    };
    socket.onmessage = (event) => {
      watch();
      receive(event.data);
    };
    socket.onclose = (event) => {
      if (isFinalClose(event.code, event.reason)) finish(event.reason);
      else fail();
    };
    watch();
  }

  return {
    start() {
      if (started) return;
      started = true;
      void connect();
    },
    stop() {
      started = true;
      if (!stopped) finish();
    },
  };
}
