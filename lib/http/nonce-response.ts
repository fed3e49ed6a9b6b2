import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createNonce } from './csp';
import { NonceInjector } from './nonce-html';
import { chunkBytes, endArguments } from './response-chunks';

type WriteCallback = (error?: Error | null) => void;

/**
 * Gives every HTML page Next renders (cache misses, signed-in visitors, dynamic pages, 404s and
 * error pages) a nonce of its own: when the response's headers go out and it turns out to be
 * HTML, its Content-Security-Policy is set, and its bytes pass through a NonceInjector on their
 * way out, chunk by chunk, so a streamed page stays streamed. Installed between Next and the
 * compression middleware, it sees the page as text. `policy` builds the header for a nonce.
 *
 * An HTML page's length changes and its content differs per response, so Content-Length and
 * ETag are dropped (a 304 would pair the browser's old copy, and its old nonce, with a new policy).
 */
export function installNonceInjection(
  req: IncomingMessage,
  res: ServerResponse,
  policy: (nonce: string) => string,
): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let decided = false;
  let injector: NonceInjector | null = null;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (decided) return writeHead(status, ...rest);
    decided = true;
    // Headers given to writeHead join the ones already set, so they are seen like those.
    const last = rest[rest.length - 1];
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      for (const [name, value] of Object.entries(last as OutgoingHttpHeaders))
        if (value !== undefined) res.setHeader(name, value);
      rest = rest.slice(0, -1);
    }
    if (String(res.getHeader('content-type') ?? '').startsWith('text/html')) {
      const nonce = createNonce();
      res.setHeader('Content-Security-Policy', policy(nonce));
      res.removeHeader('content-length');
      res.removeHeader('etag');
      if (req.method !== 'HEAD' && status !== 204 && status !== 304) injector = new NonceInjector(nonce);
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];

  const ensureHead = () => {
    if (!decided && !res.headersSent) res.writeHead(res.statusCode);
  };

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    ensureHead();
    if (!injector || chunk === undefined || chunk === null) return write(chunk, encoding, callback);
    const out = injector.push(chunkBytes(chunk, encoding));
    return write(out, typeof encoding === 'function' ? encoding : (callback as WriteCallback | undefined));
  }) as ServerResponse['write'];

  res.end = ((...args: unknown[]) => {
    const { chunk, encoding, callback } = endArguments(args[0], args[1], args[2]);
    ensureHead();
    if (!injector) return end(chunk, encoding, callback);
    const head = chunk === undefined || chunk === null ? null : injector.push(chunkBytes(chunk, encoding));
    const tail = injector.end();
    const out = head ? (tail.length ? Buffer.concat([head, tail]) : head) : tail;
    return out.length ? end(out, callback) : end(callback);
  }) as ServerResponse['end'];
}
