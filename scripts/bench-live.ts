/**
 * The live notifications rows of `npm run bench` (`BENCH_ONLY=live` for these alone), against the
 * bench's running server:
 * - 5,000 idle signed-in sockets (the bench's buyers, their bearer tokens minted directly, not
 *   5,000 password sign-ins): connects per second (upgrade to `ready`) and the server's memory
 *   per socket (resident set before and after, the embedded database's process not counted);
 * - public page throughput with and without those sockets open;
 * - with 1,000 sockets open, sales of the bench seller's material by buyers of their own: the
 *   delay from the order becoming paid (the notification's `createdAt`, the delivering
 *   transaction's time, on this machine's clock) to the seller's socket, p50 and p99.
 */
import fs from 'node:fs';
import WebSocket from 'ws';
import { buyWithTestPayment } from './lib/mint-buyers';
import { percentile } from './lib/percentile';

export const IDLE_SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 5000);
const LATENCY_SOCKETS = 1000;
const SALES = Number(process.env.BENCH_LIVE_SALES ?? 200);
/** Sales in flight at once: a busy shop, not one buyer after another. */
const SALES_IN_FLIGHT = 4;
/** Handshakes in flight at once while opening the idle sockets. */
const OPENING_IN_FLIGHT = 50;

export interface LiveFigures {
  sockets: number;
  connectsPerSecond: number;
  memoryPerSocketKb: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  pageBefore: { rps: number; p99: number } | null;
  pageDuring: { rps: number; p99: number } | null;
  latency: { sockets: number; sales: number; p50: number; p99: number; max: number };
}

interface LiveOptions {
  /** The process holding the sockets. */
  origin: string;
  /** The process the sales go through (default: the same). */
  salesOrigin?: string;
  serverPid: number;
  idleTokens: string[];
  buyerTokens: string[];
  seller: { email: string; password: string; materialId: number };
  /** Loads a public page as the bench's other rows do (left out: no page row). */
  loadPage?: () => Promise<{ rps: number; p99: number }>;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Socket {
  ws: WebSocket;
  ready: Promise<void>;
  onNotification?: (message: { id: string; notification: { createdAt: string } }, at: number) => void;
}

function openSocket(origin: string, token: string): Socket {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/notifications`);
  const socket: Socket = { ws, ready: Promise.resolve() };
  socket.ready = new Promise<void>((resolve, reject) => {
    ws.once('open', () => ws.send(JSON.stringify({ type: 'handshake', access_token: token, world: 'de' })));
    ws.on('message', (data) => {
      const at = Date.now();
      const message = JSON.parse(data.toString()) as { type: string; id: string; notification: { createdAt: string } };
      if (message.type === 'ready') resolve();
      else if (message.type === 'heartbeat') ws.send('{"type":"heartbeat"}');
      else if (message.type === 'notification') {
        ws.send(JSON.stringify({ type: 'ack', id: message.id }));
        socket.onNotification?.(message, at);
      }
    });
    ws.once('close', (code, reason) => reject(new Error(`socket closed ${code} ${reason.toString()}`)));
    ws.once('error', reject);
  });
  return socket;
}

export async function liveRows(options: LiveOptions): Promise<LiveFigures> {
  const { origin } = options;
  const pageBefore = (await options.loadPage?.()) ?? null;
  const rssBefore = rssMb(options.serverPid);

  process.stdout.write(`opening ${options.idleTokens.length} idle sockets …\n`);
  const sockets: Socket[] = [];
  const openedAt = Date.now();
  for (let i = 0; i < options.idleTokens.length; i += OPENING_IN_FLIGHT) {
    const batch = options.idleTokens.slice(i, i + OPENING_IN_FLIGHT).map((token) => openSocket(origin, token));
    await Promise.all(batch.map((socket) => socket.ready));
    sockets.push(...batch);
  }
  const connectsPerSecond = sockets.length / ((Date.now() - openedAt) / 1000);
  // Let the server settle (handshake garbage collected) before reading its memory.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const rssAfter = rssMb(options.serverPid);
  const pageDuring = (await options.loadPage?.()) ?? null;

  // Down to 1,000 sockets, one of them the seller's.
  const latencySockets = Math.min(LATENCY_SOCKETS, sockets.length + 1);
  for (const socket of sockets.splice(latencySockets - 1)) socket.ws.close(1000);
  const salesOrigin = options.salesOrigin ?? origin;
  const signIn = await fetch(`${salesOrigin}/api/v3/oauth2/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: 'app',
      grant_type: 'password',
      username: options.seller.email,
      password: options.seller.password,
    }),
  });
  const sellerToken = ((await signIn.json()) as { access_token: string }).access_token;
  const seller = openSocket(origin, sellerToken);
  await seller.ready;
  const delays: number[] = [];
  seller.onNotification = (message, at) => delays.push(at - Date.parse(message.notification.createdAt));

  process.stdout.write(`${SALES} sales to a seller's socket among ${sockets.length + 1} …\n`);
  const buyers = options.buyerTokens.slice(0, SALES);
  let next = 0;
  await Promise.all(
    Array.from({ length: SALES_IN_FLIGHT }, async () => {
      while (next < buyers.length) await buyWithTestPayment(salesOrigin, buyers[next++]!, options.seller.materialId);
    }),
  );
  const waitUntil = Date.now() + 5000;
  while (delays.length < buyers.length && Date.now() < waitUntil)
    await new Promise((resolve) => setTimeout(resolve, 20));
  if (delays.length < buyers.length) throw new Error(`${buyers.length - delays.length} sales never reached the seller`);

  for (const socket of [...sockets, seller]) socket.ws.close(1000);
  return {
    sockets: options.idleTokens.length,
    connectsPerSecond,
    memoryPerSocketKb: ((rssAfter - rssBefore) * 1024) / options.idleTokens.length,
    rssBeforeMb: rssBefore,
    rssAfterMb: rssAfter,
    pageBefore,
    pageDuring,
    latency: {
      sockets: latencySockets,
      sales: delays.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: Math.max(...delays),
    },
  };
}

export function printLive(figures: LiveFigures, where = 'one process'): void {
  console.log(`\nLive notifications, ${where}`);
  console.table([
    {
      measure: `${figures.sockets} idle signed-in sockets: connects per second`,
      value: Math.round(figures.connectsPerSecond),
    },
    {
      measure: 'server memory per socket (KB)',
      value: Math.round(figures.memoryPerSocketKb * 10) / 10,
    },
    {
      measure: 'server resident set before / after (MB)',
      value: `${Math.round(figures.rssBeforeMb)} / ${Math.round(figures.rssAfterMb)}`,
    },
    ...(figures.pageBefore && figures.pageDuring
      ? [
          {
            measure: 'material page req/s (p99 ms) without / with the sockets',
            value: `${Math.round(figures.pageBefore.rps)} (${figures.pageBefore.p99}) / ${Math.round(figures.pageDuring.rps)} (${figures.pageDuring.p99})`,
          },
        ]
      : []),
    {
      measure: `paid → seller's socket, ${figures.latency.sockets} sockets, ${figures.latency.sales} sales: p50 / p99 / max ms (p99 budget 250)`,
      value: `${figures.latency.p50} / ${figures.latency.p99} / ${figures.latency.max}`,
    },
  ]);
}
