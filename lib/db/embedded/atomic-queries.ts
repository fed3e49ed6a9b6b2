import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * pglite-socket (0.2) serves its connections one wire-protocol message at a time, first come
 * first served, except inside a transaction. But PGlite has one backend session for all of them,
 * and a parameterised query is a sequence of messages (Parse, Bind, Describe, Execute, Sync)
 * around one unnamed statement: when two connections query at once, the second one's Parse
 * replaces the first one's statement between its Parse and Bind ("bind message supplies 1
 * parameters, but prepared statement requires 2"), and a message that fails leaves the queue
 * stuck for good. So concurrent requests broke the embedded database.
 *
 * This replaces the queue's scheduler: a connection that has begun such a sequence is served
 * until its Sync (as in a transaction, until it ends), other connections wait; a failed message
 * is reported to its connection and the queue goes on. The rest of pglite-socket is unchanged.
 */

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueueInternals {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Message types that continue an extended-query sequence: Parse, Bind, Describe, Execute, Close, Flush. */
const CONTINUES_SEQUENCE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

export function keepQuerySequencesTogether(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueueInternals }).queryQueue;
  if (!queue || !Array.isArray(queue.queue) || typeof queue.processQueue !== 'function')
    throw new Error('pglite-socket changed its query queue: review lib/db/embedded/atomic-queries.ts');
  /** The connection in the middle of a message sequence, served before anyone else. */
  let sequenceOwner: number | null = null;

  queue.processQueue = async function processQueue(): Promise<void> {
    if (queue.processing || queue.queue.length === 0) return;
    queue.processing = true;
    try {
      while (queue.queue.length > 0) {
        const owner = queue.db.isInTransaction() && queue.lastHandlerId !== null ? queue.lastHandlerId : sequenceOwner;
        const index = owner === null ? 0 : queue.queue.findIndex((item) => item.handlerId === owner);
        // The owner's next message has not arrived yet: enqueueing it starts this loop again.
        if (index === -1) break;
        const [item] = queue.queue.splice(index, 1);
        if (!item) break;
        let bytes = 0;
        try {
          await queue.db.runExclusive(() =>
            queue.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          sequenceOwner = null;
          item.reject(error);
          continue;
        }
        sequenceOwner = CONTINUES_SEQUENCE.has(item.message[0] ?? 0) ? item.handlerId : null;
        queue.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      queue.processing = false;
    }
  };

  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    // A connection that went away in mid-sequence must not keep the others waiting.
    if (sequenceOwner === handlerId) {
      sequenceOwner = null;
      void queue.processQueue();
    }
  };
}
