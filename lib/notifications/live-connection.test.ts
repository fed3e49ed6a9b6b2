import {
  ACK_FLUSH_MS,
  FINAL_CLOSE_REASONS,
  SILENCE_MS,
  createLiveConnection,
  isFinalClose,
  notificationsUrl,
  retryDelay,
  type LiveConnectionOptions,
  type LiveState,
  type LiveStateDetail,
  type SocketLike,
} from './live-connection';

const SOCKET_URL = 'wss://kreide.test/notifications';

/** A socket the test plays the server for; close() reports itself as a browser does. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  constructor(
    readonly url: string,
    readonly ticketsBefore: number,
  ) {}

  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }

  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
    this.onclose?.({ code: code ?? 1005, reason: reason ?? '' });
  }

  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  serverClose(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  frames(): unknown[] {
    return this.sent.map((frame) => JSON.parse(frame));
  }
}

function harness(overrides: Partial<LiveConnectionOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const states: [LiveState, LiveStateDetail | undefined][] = [];
  const delivered: [unknown, number | undefined][] = [];
  const unread: number[] = [];
  let tickets = 0;
  const getTicket = jest.fn(async (): Promise<string | null> => `ticket-${++tickets}`);
  const connection = createLiveConnection({
    url: SOCKET_URL,
    world: 'de',
    getTicket,
    createSocket: (url) => {
      const socket = new FakeSocket(url, getTicket.mock.calls.length);
      sockets.push(socket);
      return socket;
    },
    onNotification: (notification, count) => delivered.push([notification, count]),
    onUnread: (count) => unread.push(count),
    onState: (state, detail) => states.push([state, detail]),
    ...overrides,
  });
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket yet');
    return socket;
  };
  const waits = () => states.filter(([state]) => state === 'waiting').map(([, detail]) => detail?.delayMs);
  return { connection, sockets, states, delivered, unread, getTicket, latest, waits };
}

/** Runs the timers due within `ms` and the promises they start (the ticket is awaited). */
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

/** Started, opened and accepted by the server. */
async function connected(overrides: Partial<LiveConnectionOptions> = {}) {
  const h = harness(overrides);
  h.connection.start();
  await advance(0);
  h.latest().open();
  h.latest().receive({ id: 'r1', type: 'ready', unread: 3 });
  return h;
}

const notification = (id: unknown, extra: object = {}) => ({
  id,
  type: 'notification',
  notification: { kind: 'sale', id },
  ...extra,
});
const acksOf = (socket: FakeSocket) => socket.frames().filter((frame) => (frame as { type?: unknown }).type === 'ack');

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the handshake', () => {
  it('asks for a ticket, then sends it, the world and the type as the first frame, never in the URL', async () => {
    const h = harness({ world: 'gr' });
    h.connection.start();
    expect(h.states[0]).toEqual(['connecting', undefined]);
    await advance(0);
    const socket = h.latest();
    expect(socket.url).toBe(SOCKET_URL);
    expect(socket.ticketsBefore).toBe(1);
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toHaveLength(1);
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'handshake', access_token: 'ticket-1', world: 'gr' });
    expect(h.states.map(([state]) => state)).toEqual(['connecting']);
    socket.receive({ id: 'r1', type: 'ready', unread: 5 });
    expect(h.states.at(-1)).toEqual(['open', undefined]);
    expect(h.unread).toEqual([5]);
  });

  it('uses a fresh ticket for every attempt', async () => {
    const h = await connected();
    h.latest().serverClose(1006);
    await advance(2000);
    h.latest().open();
    expect(h.latest().frames()[0]).toMatchObject({ type: 'handshake', access_token: 'ticket-2' });
    expect(h.getTicket).toHaveBeenCalledTimes(2);
  });

  it('stops as signed out, with no socket and no retry, when there is no ticket', async () => {
    const h = harness({ getTicket: async () => null });
    h.connection.start();
    await advance(0);
    expect(h.sockets).toHaveLength(0);
    expect(h.states.at(-1)).toEqual(['stopped', { reason: 'signed_out' }]);
    await advance(120_000);
    expect(h.sockets).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('addresses the socket to the page origin, wss on https', () => {
    expect(notificationsUrl({ protocol: 'https:', host: 'kreide.de' })).toBe('wss://kreide.de/notifications');
    expect(notificationsUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/notifications');
  });

  it('accepts the browser WebSocket as a SocketLike (a compile-time check for tsc)', () => {
    const fits: WebSocket extends SocketLike ? true : false = true;
    expect(fits).toBe(true);
  });
});

describe('reconnecting', () => {
  it('waits 2, 3, 4 s after failures in a row and 2 s again after a ready', async () => {
    const h = harness();
    h.connection.start();
    await advance(0);
    h.latest().open();
    h.latest().serverClose(1006);
    expect(h.states.at(-1)).toEqual(['waiting', { delayMs: 2000 }]);

    await advance(1999);
    expect(h.sockets).toHaveLength(1);
    await advance(1);
    expect(h.sockets).toHaveLength(2);
    h.latest().serverClose(1006);

    await advance(2999);
    expect(h.sockets).toHaveLength(2);
    await advance(1);
    expect(h.sockets).toHaveLength(3);
    h.latest().open();
    h.latest().serverClose(1011);

    await advance(3999);
    expect(h.sockets).toHaveLength(3);
    await advance(1);
    expect(h.sockets).toHaveLength(4);
    h.latest().open();
    h.latest().receive({ id: 'r', type: 'ready' });
    h.latest().serverClose(1001);

    await advance(1999);
    expect(h.sockets).toHaveLength(4);
    await advance(1);
    expect(h.sockets).toHaveLength(5);
    expect(h.waits()).toEqual([2000, 3000, 4000, 2000]);
  });

  it('counts a failing ticket call and a socket that cannot be made as failed attempts', async () => {
    let calls = 0;
    let socketsMade = 0;
    const h = harness({
      getTicket: async () => {
        calls += 1;
        if (calls === 1) throw new Error('network');
        return 'ticket';
      },
      createSocket: () => {
        socketsMade += 1;
        if (socketsMade === 1) throw new SyntaxError('bad URL');
        return new FakeSocket(SOCKET_URL, calls);
      },
    });
    h.connection.start();
    await advance(0);
    expect(h.waits()).toEqual([2000]);
    await advance(2000);
    expect(h.waits()).toEqual([2000, 3000]);
    await advance(3000);
    expect(socketsMade).toBe(2);
    expect(h.waits()).toEqual([2000, 3000]);
  });

  it('grows the delay by 1 s per failure up to 30 s', () => {
    expect([1, 2, 3, 4, 28, 29, 30, 100].map(retryDelay)).toEqual([
      2000, 3000, 4000, 5000, 29_000, 30_000, 30_000, 30_000,
    ]);
  });

  it.each([1000, 1001, 1006, 1011, 1012, 1013, 3000, 4100, 4500])('reconnects after close code %i', async (code) => {
    const h = await connected();
    h.latest().serverClose(code, 'going away');
    expect(h.states.at(-1)).toEqual(['waiting', { delayMs: 2000 }]);
    await advance(2000);
    expect(h.sockets).toHaveLength(2);
  });

  it.each(FINAL_CLOSE_REASONS.map((reason, i) => [reason, 4001 + i] as const))(
    'stops for good on %s (%i) and reports it',
    async (reason, code) => {
      const h = await connected();
      h.latest().serverClose(code, reason);
      expect(h.states.at(-1)).toEqual(['stopped', { reason }]);
      await advance(10 * SILENCE_MS);
      expect(h.sockets).toHaveLength(1);
      expect(h.getTicket).toHaveBeenCalledTimes(1);
      expect(jest.getTimerCount()).toBe(0);
    },
  );

  it('treats every code from 4000 to 4099 as final, whatever the reason', async () => {
    expect(isFinalClose(4000, '')).toBe(true);
    expect(isFinalClose(4099, 'something_new')).toBe(true);
    expect(isFinalClose(3999, '')).toBe(false);
    expect(isFinalClose(4100, '')).toBe(false);
    const h = await connected();
    h.latest().serverClose(4050, 'something_new');
    expect(h.states.at(-1)).toEqual(['stopped', { reason: 'something_new' }]);
    await advance(60_000);
    expect(h.sockets).toHaveLength(1);
  });

  it('also stops on a final reason given with another code', async () => {
    const h = await connected();
    h.latest().serverClose(1000, 'session_revoked');
    expect(h.states.at(-1)).toEqual(['stopped', { reason: 'session_revoked' }]);
    await advance(60_000);
    expect(h.sockets).toHaveLength(1);
  });
});

describe('the heartbeat', () => {
  it('answers a heartbeat at once', async () => {
    const h = await connected();
    h.latest().receive({ id: 'h1', type: 'heartbeat' });
    expect(h.latest().frames().slice(1)).toEqual([{ type: 'heartbeat' }]);
  });

  it('closes a connection silent for 60 s and reconnects after the delay', async () => {
    const h = await connected();
    const first = h.latest();
    await advance(SILENCE_MS - 1);
    expect(first.closedWith).toBeNull();
    await advance(1);
    expect(first.closedWith).toEqual({ code: 1000, reason: undefined });
    expect(h.states.at(-1)).toEqual(['waiting', { delayMs: 2000 }]);
    await advance(2000);
    expect(h.sockets).toHaveLength(2);
  });

  it('counts any frame, even one it cannot read, as a sign of life', async () => {
    const h = await connected();
    await advance(50_000);
    h.latest().receive({ id: 'h1', type: 'heartbeat' });
    await advance(50_000);
    h.latest().receive('garbage');
    await advance(SILENCE_MS - 1);
    expect(h.latest().closedWith).toBeNull();
    await advance(1);
    expect(h.latest().closedWith).not.toBeNull();
  });

  it('gives up on a socket that never opens', async () => {
    const h = harness();
    h.connection.start();
    await advance(SILENCE_MS);
    expect(h.sockets[0]!.closedWith).toEqual({ code: 1000, reason: undefined });
    await advance(2000);
    expect(h.sockets).toHaveLength(2);
  });
});

describe('notifications and acknowledgements', () => {
  it('delivers notifications with the unread count and queues their acks for the next tick, in order', async () => {
    const h = await connected();
    const socket = h.latest();
    socket.receive(notification('n1', { unread: 4 }));
    socket.receive(notification('n2'));
    await advance(50);
    socket.receive(notification('n3', { unread: 6 }));
    expect(h.delivered).toEqual([
      [{ kind: 'sale', id: 'n1' }, 4],
      [{ kind: 'sale', id: 'n2' }, undefined],
      [{ kind: 'sale', id: 'n3' }, 6],
    ]);
    expect(h.unread).toEqual([3, 4, 6]);
    expect(acksOf(socket)).toEqual([]);
    await advance(ACK_FLUSH_MS - 51);
    expect(acksOf(socket)).toEqual([]);
    await advance(1);
    expect(socket.frames().slice(1)).toEqual([
      { type: 'ack', id: 'n1' },
      { type: 'ack', id: 'n2' },
      { type: 'ack', id: 'n3' },
    ]);
    // Only the silence watchdog is left: the tick runs only while something is queued.
    expect(jest.getTimerCount()).toBe(1);

    await advance(500);
    socket.receive(notification('n4'));
    expect(jest.getTimerCount()).toBe(2);
    await advance(ACK_FLUSH_MS - 1);
    expect(acksOf(socket)).toHaveLength(3);
    await advance(1);
    expect(acksOf(socket).at(-1)).toEqual({ type: 'ack', id: 'n4' });
  });

  it('delivers a repeated id once, in one connection and across reconnects, and acknowledges every copy', async () => {
    const h = await connected();
    const first = h.latest();
    first.receive(notification('n1'));
    first.receive(notification('n1'));
    await advance(ACK_FLUSH_MS);
    expect(acksOf(first)).toEqual([
      { type: 'ack', id: 'n1' },
      { type: 'ack', id: 'n1' },
    ]);
    first.serverClose(1006);
    await advance(2000);
    const second = h.latest();
    second.open();
    second.receive({ id: 'r2', type: 'ready' });
    second.receive(notification('n1'));
    second.receive(notification('n2'));
    await advance(ACK_FLUSH_MS);
    expect(acksOf(second)).toEqual([
      { type: 'ack', id: 'n1' },
      { type: 'ack', id: 'n2' },
    ]);
    expect(h.delivered.map(([n]) => (n as { id: string }).id)).toEqual(['n1', 'n2']);
  });

  it('drops acks queued on a socket that closed: the next socket opens with the handshake and acks only its own', async () => {
    const h = await connected();
    h.latest().receive(notification('n1'));
    h.latest().serverClose(1006);
    await advance(2000);
    h.latest().open();
    await advance(ACK_FLUSH_MS);
    expect(h.latest().frames()).toEqual([{ type: 'handshake', access_token: 'ticket-2', world: 'de' }]);
    expect(acksOf(h.sockets[0]!)).toEqual([]);
    // The server sends the unacknowledged n1 again; each ack goes out once, on the new socket.
    h.latest().receive({ id: 'r2', type: 'ready' });
    h.latest().receive(notification('n1'));
    h.latest().receive(notification('n2'));
    await advance(ACK_FLUSH_MS);
    expect(acksOf(h.latest())).toEqual([
      { type: 'ack', id: 'n1' },
      { type: 'ack', id: 'n2' },
    ]);
  });

  it('ignores frames it cannot read and types it does not know', async () => {
    const h = await connected();
    const socket = h.latest();
    for (const frame of [
      'not json',
      '{"type":',
      '"notification"',
      'null',
      '42',
      '[1,2]',
      JSON.stringify({ id: 'x', type: 'something_new' }),
      JSON.stringify({ type: 'notification', notification: {} }),
      JSON.stringify({ id: { nested: true }, type: 'notification' }),
    ]) {
      expect(() => socket.receive(frame)).not.toThrow();
    }
    await advance(ACK_FLUSH_MS);
    expect(socket.frames()).toHaveLength(1);
    expect(h.delivered).toEqual([]);
    expect(h.states.at(-1)).toEqual(['open', undefined]);
    socket.receive(notification('n1'));
    expect(h.delivered).toHaveLength(1);
  });
});

describe('stopping', () => {
  it('closes an open socket with 1000, cancels every timer and never reconnects', async () => {
    const h = await connected();
    h.latest().receive(notification('n1'));
    h.connection.stop();
    expect(h.latest().closedWith).toEqual({ code: 1000, reason: undefined });
    expect(h.states.at(-1)).toEqual(['stopped', undefined]);
    expect(jest.getTimerCount()).toBe(0);
    await advance(10 * SILENCE_MS);
    expect(h.sockets).toHaveLength(1);
    expect(h.waits()).toEqual([]);
    h.connection.start();
    await advance(0);
    expect(h.sockets).toHaveLength(1);
  });

  it('cancels a reconnect that is waiting', async () => {
    const h = await connected();
    h.latest().serverClose(1006);
    h.connection.stop();
    expect(jest.getTimerCount()).toBe(0);
    await advance(60_000);
    expect(h.sockets).toHaveLength(1);
  });

  it('opens no socket when stopped while the ticket is on its way', async () => {
    let hand: (ticket: string) => void = () => {};
    const h = harness({ getTicket: () => new Promise<string>((resolve) => (hand = resolve)) });
    h.connection.start();
    h.connection.stop();
    hand('late-ticket');
    await advance(60_000);
    expect(h.sockets).toHaveLength(0);
    expect(h.states.map(([state]) => state)).toEqual(['connecting', 'stopped']);
  });
});
