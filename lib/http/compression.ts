import type { IncomingMessage, ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import compression from 'next/dist/compiled/compression';

const middleware = compression();
const noop = () => {};

/**
 * gzip for what Next answers, done here instead of inside Next (next.config.ts turns its own
 * off): the same middleware Next uses, but installed by the pre-route before the nonce injection
 * (lib/http/nonce-response.ts), so the injection sees a page as text and the compression sees it
 * with its nonces. Its `res.flush`, which Next calls after each streamed chunk, keeps streamed
 * pages streaming.
 */
export function installCompression(req: IncomingMessage, res: ServerResponse): void {
  middleware(req, res, noop);
  // As Next's router-server does: a client that disconnects mid-response would otherwise leave
  // the middleware's zlib stream open. The middleware forwards `drain` listeners to that stream
  // and answers with it.
  res.once('close', () => {
    if (res.writableFinished) return;
    const stream = res.on('drain', noop) as unknown;
    if (stream === res || !(stream instanceof Duplex)) {
      res.off('drain', noop);
      return;
    }
    stream.destroy();
  });
}
