import type { ServerResponse } from 'node:http';
import { chunkBytes, endArguments } from './response-chunks';

/** Below this an answer goes out whole and uncompressed: the compression middleware's own threshold. */
export const SMALL_ANSWER_BYTES = 1024;

type Call = (...args: unknown[]) => unknown;

/**
 * Lets a small answer (most API answers: a few dozen bytes of JSON) leave as one write with a
 * Content-Length, uncompressed. Next streams every answer, even one of 40 bytes: it flushes the
 * headers, writes the body, flushes, then ends. Without a length the compression middleware
 * gzips it (a zlib context per answer, bigger on the wire than the JSON itself) and the socket
 * gets three writes, which together cost a tenth of a favourite toggle's CPU.
 *
 * So the headers and a first chunk below the threshold are held back. If the answer ends before
 * the next turn of the event loop, it is sent whole with its length (the compression middleware
 * skips what is below its threshold). Anything else, a second chunk, a bigger one, or no end
 * by the next turn, releases what was held, in order, and everything after passes straight
 * through: a streamed page is delayed by one turn at most. Installed closest to Next.
 */
export function installSmallAnswerHold(res: ServerResponse): void {
  const flushHeaders = res.flushHeaders.bind(res) as Call;
  const write = res.write.bind(res) as Call;
  const end = res.end.bind(res) as Call;
  // `flush` is the compression middleware's, installed before this.
  const flush = () => (res as ServerResponse & { flush?: () => void }).flush?.call(res);

  let passing = false;
  let headersHeld = false;
  let held: Buffer | null = null;
  let release: NodeJS.Immediate | null = null;

  /** From here on everything passes straight through to the layers above. */
  const restore = () => {
    passing = true;
    if (release) clearImmediate(release);
    release = null;
    res.flushHeaders = flushHeaders as ServerResponse['flushHeaders'];
    res.write = write as ServerResponse['write'];
    res.end = end as ServerResponse['end'];
  };
  const passThrough = () => {
    if (passing) return;
    restore();
    if (held) {
      const chunk = held;
      held = null;
      write(chunk);
      flush();
    } else if (headersHeld) flushHeaders();
  };
  const releaseLater = () => {
    release ??= setImmediate(passThrough);
  };

  res.flushHeaders = (() => {
    if (passing || res.headersSent) return flushHeaders();
    headersHeld = true;
    releaseLater();
  }) as ServerResponse['flushHeaders'];

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    if (passing) return write(chunk, encoding, callback);
    const bytes = chunk === undefined || chunk === null ? null : chunkBytes(chunk, encoding);
    const holdable =
      !held &&
      typeof callback !== 'function' &&
      typeof encoding !== 'function' &&
      !res.headersSent &&
      bytes !== null &&
      bytes.length < SMALL_ANSWER_BYTES;
    if (!holdable) {
      passThrough();
      return write(chunk, encoding, callback);
    }
    // A copy: the caller may reuse its buffer once write returns.
    held = Buffer.from(bytes);
    releaseLater();
    return true;
  }) as ServerResponse['write'];

  res.end = ((...args: unknown[]) => {
    if (passing) return end(...args);
    const { chunk, encoding, callback } = endArguments(args[0], args[1], args[2]);
    const tail = chunk === undefined || chunk === null ? null : chunkBytes(chunk, encoding);
    const body = held ? (tail ? Buffer.concat([held, tail]) : held) : tail;
    restore();
    held = null;
    if (!body) return end(callback);
    const bodiless = res.statusCode === 204 || res.statusCode === 304;
    if (!res.headersSent && !bodiless && !res.hasHeader('transfer-encoding'))
      res.setHeader('Content-Length', body.length);
    return end(body, callback);
  }) as ServerResponse['end'];
}
