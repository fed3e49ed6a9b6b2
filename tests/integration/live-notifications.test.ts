import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { createAccount } from '@/lib/accounts/accounts';
import { issueAccessTokenRow, revokeAccessToken } from '@/lib/accounts/tokens';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { takeUpgrades } from '@/lib/http/upgrade';
import {
  LIVE_PATH,
  MAX_SOCKETS_PER_ACCOUNT,
  startLiveEndpoint,
  type LiveEndpoint,
} from '@/lib/http/live-notifications';
import { notifyRefund } from '@/lib/notifications/producers';
import { issueSocketTicket } from '@/lib/notifications/store';
import { getPublicOrigin } from '@/lib/seo/origin';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';

let database: TestDatabase;
let endpoint: LiveEndpoint;
let server: http.Server;
let url: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 0 });
  endpoint = startLiveEndpoint({
    databaseUrl: BACKEND === 'postgres' ? process.env.KREIDE_RUNTIME_DATABASE_URL : undefined,
    log: () => {},
  });
  server = http.createServer((_req, res) => res.end());
  takeUpgrades(server, { passToNext: false, routes: new Map([[LIVE_PATH, endpoint.handleUpgrade]]) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://localhost:${(server.address() as AddressInfo).port}${LIVE_PATH}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});
afterAll(async () => {
  await endpoint.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.stop();
});

let counter = 0;
async function account(impersonatorUserId?: number) {
  counter += 1;
  const { id } = await createAccount({
    email: `live-${counter}-${Date.now()}@example.test`,
    publicName: `Live ${counter}`,
    world: 'de',
    passwordHash: null,
    status: 'active',
    creationSource: 'web',
  });
  const session = await issueAccessTokenRow({ userId: id, clientId: 'web', grantType: 'password' });
  const acting = impersonatorUserId
    ? await issueAccessTokenRow({ userId: id, clientId: 'web', grantType: 'login-as', impersonatorUserId })
    : null;
  return { id, ...session, acting };
}

/** A refund notification for `userId`, written as a refund writes it: inside a transaction. */
async function notify(userId: number, reference: string) {
  const order = { id: 1, userId, world: 'de', reference, currency: 'EUR' } as unknown as typeof t.orders.$inferSelect;
  await getDb().transaction(async (tx) => {
    await notifyRefund(tx as never, order, 250);
  });
}

interface Client {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  next: (type: string, timeoutMs?: number) => Promise<Record<string, unknown>>;
}

function connect(origin: string | null = getPublicOrigin()): Promise<Client> {
  const socket = new WebSocket(url, origin ? { origin } : {});
  sockets.push(socket);
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  let read = 0;
  const next = async (type: string, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (read < messages.length) {
        const message = messages[read++]!;
        if (message.type === type) return message;
      }
      if (Date.now() > deadline) throw new Error(`no ${type} message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed, next }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

const handshake = (client: Client, token: string, world = 'de') =>
  client.socket.send(JSON.stringify({ type: 'handshake', access_token: token, world }));

const delivered = async (userId: number) =>
  (await getDb().select().from(t.notifications).where(eq(t.notifications.userId, userId))).filter(
    (row) => row.deliveredAt !== null,
  ).length;

describe(`the live notifications endpoint on ${BACKEND}`, () => {
  it('takes a ticket once, pushes a notification stored after the handshake, and does not send it again once acknowledged', async () => {
    const me = await account();
    const client = await connect();
    const ticket = await issueSocketTicket(me.tokenId);
    handshake(client, ticket);
    expect(await client.next('ready')).toEqual({ type: 'ready', unread: 0 });

    const started = Date.now();
    await notify(me.id, 'K-LIVE000001');
    const pushed = await client.next('notification');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(pushed).toMatchObject({
      type: 'notification',
      unread: 1,
      notification: { kind: 'refund', href: '/de/konto/rechnungen', read: false },
    });
    expect((pushed.notification as { text: string }).text).toContain('K-LIVE000001');
    client.socket.send(JSON.stringify({ type: 'ack', id: pushed.id }));
    for (let i = 0; i < 40 && (await delivered(me.id)) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await delivered(me.id)).toBe(1);

    // The ticket was used: a second connection with it is refused for good.
    const again = await connect();
    handshake(again, ticket);
    expect(await again.closed).toEqual({ code: 4001, reason: 'unauthorized' });

    // An expired ticket is refused too.
    const stale = await issueSocketTicket(me.tokenId, new Date(Date.now() - 61_000));
    const expired = await connect();
    handshake(expired, stale);
    expect(await expired.closed).toEqual({ code: 4001, reason: 'unauthorized' });

    // A reconnect with a fresh ticket gets nothing it acknowledged.
    const later = await connect();
    handshake(later, await issueSocketTicket(me.tokenId));
    await later.next('ready');
    await new Promise((r) => setTimeout(r, 300));
    expect(later.messages.filter((m) => m.type === 'notification')).toHaveLength(0);
  });

  it('sends what was missed while offline on the next connection, once, and never another account’s', async () => {
    const me = await account();
    const other = await account();
    await notify(me.id, 'K-MISSED0001');
    await notify(other.id, 'K-FOREIGN001');
    // An app: its bearer token in the handshake, no Origin.
    const client = await connect(null);
    handshake(client, me.token);
    await client.next('ready');
    const missed = await client.next('notification');
    expect((missed.notification as { text: string }).text).toContain('K-MISSED0001');
    await notify(me.id, 'K-MISSED0002');
    const second = await client.next('notification');
    expect((second.notification as { text: string }).text).toContain('K-MISSED0002');
    await new Promise((r) => setTimeout(r, 300));
    const texts = client.messages
      .filter((m) => m.type === 'notification')
      .map((m) => (m.notification as { text: string }).text);
    expect(texts).toHaveLength(2);
    expect(texts.join(' ')).not.toContain('K-FOREIGN001');
    // Acknowledging another account's notification changes nothing.
    const [foreign] = await getDb().select().from(t.notifications).where(eq(t.notifications.userId, other.id));
    client.socket.send(JSON.stringify({ type: 'ack', id: String(foreign!.id) }));
    await new Promise((r) => setTimeout(r, 300));
    expect(await delivered(other.id)).toBe(0);
  });

  it('refuses a foreign Origin, a bad token, malformed, unknown and oversized frames with a close reason', async () => {
    await expect(connect('https://evil.example')).rejects.toThrow('refused 403');

    const bad = await connect();
    handshake(bad, 'x'.repeat(40));
    expect(await bad.closed).toEqual({ code: 4001, reason: 'unauthorized' });

    const garbled = await connect();
    garbled.socket.send('{not json');
    expect(await garbled.closed).toEqual({ code: 1008, reason: 'bad_message' });

    const me = await account();
    const unknown = await connect();
    handshake(unknown, me.token);
    await unknown.next('ready');
    unknown.socket.send(JSON.stringify({ type: 'subscribe', channel: 'all' }));
    expect(await unknown.closed).toEqual({ code: 1008, reason: 'unknown_type' });

    const big = await connect();
    big.socket.send(JSON.stringify({ type: 'handshake', access_token: 'a', world: 'de', pad: 'x'.repeat(5000) }));
    expect((await big.closed).code).toBe(1009);
  });

  it('closes the sockets of a session that signs out within two seconds, and the oldest past the per-account limit', async () => {
    const me = await account();
    const clients: Client[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_ACCOUNT; i++) {
      const client = await connect();
      handshake(client, await issueSocketTicket(me.tokenId));
      await client.next('ready');
      clients.push(client);
    }
    const extra = await connect();
    handshake(extra, await issueSocketTicket(me.tokenId));
    await extra.next('ready');
    expect(await clients[0]!.closed).toEqual({ code: 4004, reason: 'replaced' });

    const started = Date.now();
    await revokeAccessToken(me.token);
    expect(await extra.closed).toEqual({ code: 4002, reason: 'session_revoked' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('shows an admin acting as the user what they would see, without acknowledging it for them', async () => {
    const admin = await account();
    await getDb().update(t.users).set({ role: 'admin' }).where(eq(t.users.id, admin.id));
    const me = await account(admin.id);
    const client = await connect();
    handshake(client, await issueSocketTicket(me.acting!.tokenId));
    await client.next('ready');
    await notify(me.id, 'K-ACTING0001');
    const pushed = await client.next('notification');
    client.socket.send(JSON.stringify({ type: 'ack', id: pushed.id }));
    await new Promise((r) => setTimeout(r, 400));
    expect(await delivered(me.id)).toBe(0);
  });

  it('sends a heartbeat, and closes a connection silent for two of them', async () => {
    const quick = startLiveEndpoint({ heartbeatMs: 150, log: () => {} });
    const quickServer = http.createServer((_req, res) => res.end());
    takeUpgrades(quickServer, { passToNext: false, routes: new Map([[LIVE_PATH, quick.handleUpgrade]]) });
    await new Promise<void>((resolve) => quickServer.listen(0, '127.0.0.1', resolve));
    const quickUrl = `ws://localhost:${(quickServer.address() as AddressInfo).port}${LIVE_PATH}`;
    try {
      const me = await account();
      const open = (answering: boolean) =>
        new Promise<{ socket: WebSocket; closed: Promise<number> }>((resolve) => {
          const socket = new WebSocket(quickUrl, { origin: getPublicOrigin() });
          sockets.push(socket);
          const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
          socket.on('message', (data) => {
            const message = JSON.parse(data.toString()) as { type: string };
            if (answering && message.type === 'heartbeat') socket.send(JSON.stringify({ type: 'heartbeat' }));
          });
          socket.on('open', () => {
            socket.send(JSON.stringify({ type: 'handshake', access_token: me.token, world: 'de' }));
            resolve({ socket, closed });
          });
        });
      const silent = await open(false);
      const answering = await open(true);
      expect(await silent.closed).toBe(1001);
      await new Promise((r) => setTimeout(r, 400));
      expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      await quick.stop();
      quickServer.closeAllConnections();
      await new Promise((resolve) => quickServer.close(resolve));
    }
  });
});
