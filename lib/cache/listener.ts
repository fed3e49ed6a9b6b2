import crypto from 'node:crypto';
import os from 'node:os';
import { Client, Pool, type Notification } from 'pg';

/** The PostgreSQL channel cache invalidations travel on between Kreide processes. */
export const CACHE_CHANNEL = 'kreide_cache';

/**
 * NOTIFY payloads must stay under 8000 bytes; a larger invalidation (an author with thousands of
 * materials) goes out as several messages.
 */
const MAX_PAYLOAD_BYTES = 7000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** A LISTEN connection can die without an error (a dropped NAT entry): it is asked to answer. */
const HEALTH_CHECK_MS = 30_000;
const PUBLISH_ATTEMPTS = 3;

/** One message on the channel: the tags and the process that sent them. */
interface CacheMessage {
  origin: string;
  tags: string[];
}

export interface CacheListenerOptions {
  databaseUrl: string;
  /** Identifies this process; its own messages come back to it and are skipped. */
  origin?: string;
  channel?: string;
  /** Tags another process invalidated. */
  onTags: (tags: string[]) => void;
  /**
   * The connection was lost and is back: messages sent meanwhile never arrived, so everything
   * cached may be out of date.
   */
  onGap?: () => void;
  log?: (message: string) => void;
}

/** An id for this process that no other process (on this or another machine) has. */
export function newOriginId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
}

/**
 * Splits an invalidation into NOTIFY payloads under the size limit (JSON: `{"origin","tags"}`).
 * A tag longer than the limit on its own is dropped: tags are short by construction.
 */
export function encodeMessages(origin: string, tags: readonly string[]): string[] {
  const payloads: string[] = [];
  const empty = Buffer.byteLength(JSON.stringify({ origin, tags: [] }));
  let batch: string[] = [];
  let bytes = empty;
  for (const tag of new Set(tags)) {
    const size = Buffer.byteLength(JSON.stringify(tag)) + 1;
    if (empty + size > MAX_PAYLOAD_BYTES) continue;
    if (bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ origin, tags: batch }));
      batch = [];
      bytes = empty;
    }
    batch.push(tag);
    bytes += size;
  }
  if (batch.length) payloads.push(JSON.stringify({ origin, tags: batch }));
  return payloads;
}

/** Reads a payload; null for anything that is not one of ours. */
export function decodeMessage(payload: string | undefined): CacheMessage | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<CacheMessage>;
    if (typeof value.origin !== 'string' || !Array.isArray(value.tags)) return null;
    return { origin: value.origin, tags: value.tags.filter((tag): tag is string => typeof tag === 'string') };
  } catch {
    return null;
  }
}

/**
 * Cache invalidations between Kreide processes over PostgreSQL LISTEN/NOTIFY: one dedicated
 * `pg` Client LISTENs (and reconnects with backoff when it loses the server); publishing goes
 * through a small pool of its own, so it works while the listener reconnects and never waits
 * behind the app's queries. pglite-socket does not route NOTIFY between its clients: on the
 * embedded database there is one process and no listener.
 */
export class CacheListener {
  readonly origin: string;
  private readonly channel: string;
  private client: Client | null = null;
  private readonly publisher: Pool;
  private stopped = false;
  private connectedOnce = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;

  constructor(private readonly options: CacheListenerOptions) {
    this.origin = options.origin ?? newOriginId();
    this.channel = options.channel ?? CACHE_CHANNEL;
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel)) throw new Error(`cache channel: not an identifier: ${this.channel}`);
    this.publisher = new Pool({ connectionString: options.databaseUrl, max: 2, idleTimeoutMillis: 30_000 });
    this.publisher.on('error', (error) => this.log(`cache publisher: ${error.message}`));
  }

  /**
   * Connects and LISTENs. Resolves once listening, or after the first failed attempt (logged;
   * it keeps trying in the background), so a start-up is never held up by it.
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Sends `tags` to every other process listening on the channel. Retries a failed send twice. */
  async publish(tags: readonly string[]): Promise<void> {
    if (this.stopped || tags.length === 0) return;
    for (const payload of encodeMessages(this.origin, tags)) {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.publisher.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
          break;
        } catch (error) {
          if (attempt >= PUBLISH_ATTEMPTS || this.stopped) {
            this.log(`cache invalidation not sent to other processes: ${(error as Error).message}`);
            return;
          }
          await delay(200 * attempt);
        }
      }
    }
  }

  /** Stops listening and closes both connections. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.retryTimer = null;
    this.healthTimer = null;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await Promise.allSettled([client?.end(), this.publisher.end()]);
  }

  /** True while the LISTEN connection is up. */
  get listening(): boolean {
    return this.client !== null;
  }

  private connect(): Promise<void> {
    this.connecting ??= this.attempt().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async attempt(): Promise<void> {
    const client = new Client({
      connectionString: this.options.databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    // Errors after connecting arrive as events; without a listener they would end the process.
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'connection ended'));
    client.on('notification', (message) => this.receive(message));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.log(`cache listener: cannot listen (${(error as Error).message}); retrying`);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    this.healthTimer ??= setInterval(() => void this.checkHealth(), HEALTH_CHECK_MS);
    this.healthTimer.unref();
    if (this.connectedOnce) {
      this.log('cache listener: reconnected; everything cached counts as changed');
      this.options.onGap?.();
    }
    this.connectedOnce = true;
  }

  private receive(message: Notification): void {
    if (message.channel !== this.channel) return;
    const decoded = decodeMessage(message.payload);
    if (!decoded || decoded.origin === this.origin || decoded.tags.length === 0) return;
    try {
      this.options.onTags(decoded.tags);
    } catch (error) {
      this.log(`cache listener: applying tags failed: ${(error as Error).message}`);
    }
  }

  private lost(client: Client, reason: string): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    if (this.stopped) return;
    this.log(`cache listener: ${reason}; reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  private async checkHealth(): Promise<void> {
    const client = this.client;
    if (!client || this.stopped) return;
    try {
      await withTimeout(client.query('SELECT 1'), 10_000);
    } catch (error) {
      this.lost(client, `health check failed (${(error as Error).message})`);
    }
  }

  private log(message: string): void {
    (this.options.log ?? console.error)(message);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
