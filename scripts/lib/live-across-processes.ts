/**
 * The live notifications part of `scripts/test-multiprocess.ts`: two Kreide processes on one
 * PostgreSQL. The seller's socket is held by process B while buyers pay through process A: each
 * sale must reach it through LISTEN/NOTIFY (delay measured from the checkout's answer). Signing
 * out through A closes the socket on B within 2 s. Then B is killed with SIGKILL while a sale is
 * made on A: the seller's client reconnects to A and gets the sale it missed, exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@/lib/seed/seed';
import { buyWithTestPayment, mintBuyers } from './mint-buyers';
import { percentile } from './percentile';

export class LiveFailure extends Error {}

const SALES = 10;
const DELIVERY_LIMIT_MS = 1000;
const SIGN_OUT_LIMIT_MS = 2000;

interface LiveOptions {
  originA: string;
  originB: string;
  serverB: ChildProcess;
  log: (message: string) => void;
}

type Message = Record<string, unknown>;

/** A socket with its messages as they came, and a way to wait for the next of a type. */
async function openSocket(origin: string, token: string) {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/notifications`);
  const messages: { at: number; message: Message }[] = [];
  socket.on('message', (data) => messages.push({ at: Date.now(), message: JSON.parse(data.toString()) as Message }));
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'handshake', access_token: token, world: 'de' }));
  let read = 0;
  const next = async (type: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (read < messages.length) {
        const entry = messages[read++]!;
        if (entry.message.type === type) return entry;
      }
      if (Date.now() > deadline) throw new LiveFailure(`no ${type} message on the socket within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { socket, messages, closed, next };
}

async function appSignIn(origin: string, username: string): Promise<string> {
  const answer = await fetch(`${origin}/api/v3/oauth2/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'app', grant_type: 'password', username, password: DEMO_PASSWORD }),
  });
  const body = (await answer.json()) as { access_token?: string };
  if (answer.status !== 200 || !body.access_token) throw new LiveFailure(`app sign-in on ${origin} failed`);
  return body.access_token;
}

/** A new buyer with a billing address and a bearer token (made directly, as the bench does). */
const newBuyer = async (): Promise<string> => (await mintBuyers(1, 'live-multi'))[0]!;

export async function liveAcrossProcesses({ originA, originB, serverB, log }: LiveOptions): Promise<void> {
  const sellerToken = await appSignIn(originA, DEMO_ACCOUNTS.seller);
  const own = (await (
    await fetch(`${originA}/api/v3/seller/materials?world=de&status=published`, {
      headers: { authorization: `Bearer ${sellerToken}` },
    })
  ).json()) as { items: { id: number; world: string; priceCents: number; hidden: boolean }[] };
  const materials = own.items.filter((m) => m.world === 'de' && m.priceCents > 0 && !m.hidden).map((m) => m.id);
  // Each sale has a buyer of its own, so one material does for all.
  const material = materials[0];
  if (material === undefined) throw new LiveFailure('the demo seller has no paid material');

  // The seller on B, sales through A.
  const onB = await openSocket(originB, sellerToken);
  await onB.next('ready', 5000);
  const delays: number[] = [];
  const fromSending: number[] = [];
  for (let i = 0; i < SALES; i++) {
    const { sentAt, answeredAt } = await buyWithTestPayment(originA, await newBuyer(), material);
    const arrived = await onB.next('notification', 5000);
    onB.socket.send(JSON.stringify({ type: 'ack', id: arrived.message.id }));
    // The sale often reaches B before the buyer has the checkout's answer: no delay at all.
    delays.push(Math.max(0, arrived.at - answeredAt));
    fromSending.push(arrived.at - sentAt);
  }
  log(
    `${SALES} sales through A reached the seller's socket on B: after the checkout's answer p50 ${percentile(delays, 50)} ms, max ${Math.max(...delays)} ms; from sending the checkout p50 ${percentile(fromSending, 50)} ms, max ${Math.max(...fromSending)} ms`,
  );
  if (Math.max(...delays) > DELIVERY_LIMIT_MS) throw new LiveFailure(`a sale took over ${DELIVERY_LIMIT_MS} ms`);

  // Signing out through A closes the socket held by B. (A second session's socket stays on B.)
  const signingOut = await openSocket(originB, await appSignIn(originA, DEMO_ACCOUNTS.seller));
  await signingOut.next('ready', 5000);
  const outAt = Date.now();
  const logout = await fetch(`${originA}/api/v3/oauth2/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sellerToken}` },
  });
  if (logout.status >= 300) throw new LiveFailure(`logout on A failed (${logout.status})`);
  const closed = await Promise.race([
    onB.closed,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SIGN_OUT_LIMIT_MS + 1000)),
  ]);
  if (!closed || closed.code < 4000 || closed.code > 4099)
    throw new LiveFailure(`signing out on A did not close the socket on B for good (${JSON.stringify(closed)})`);
  log(`signing out through A closed the socket on B after ${closed.at - outAt} ms (${closed.code} ${closed.reason})`);
  if (closed.at - outAt > SIGN_OUT_LIMIT_MS) throw new LiveFailure(`over ${SIGN_OUT_LIMIT_MS} ms`);

  // B dies with the seller's other socket on it; a sale made meanwhile waits in the table.
  const killed = new Promise((resolve) => serverB.once('exit', resolve));
  serverB.kill('SIGKILL');
  await killed;
  await signingOut.closed;
  const sellerAgain = await appSignIn(originA, DEMO_ACCOUNTS.seller);
  await buyWithTestPayment(originA, await newBuyer(), material);
  const onA = await openSocket(originA, sellerAgain);
  await onA.next('ready', 5000);
  const missed = await onA.next('notification', 5000);
  onA.socket.send(JSON.stringify({ type: 'ack', id: missed.message.id }));
  await new Promise((resolve) => setTimeout(resolve, 500));
  // Reconnecting once more: nothing is sent twice.
  onA.socket.close(1000);
  const again = await openSocket(originA, sellerAgain);
  await again.next('ready', 5000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const repeated = again.messages.filter((entry) => entry.message.type === 'notification');
  if (repeated.length > 0) throw new LiveFailure(`${repeated.length} notifications were sent again after their ack`);
  again.socket.close(1000);
  log('after SIGKILL of B, the seller reconnected to A and got the sale made meanwhile, once');
}
