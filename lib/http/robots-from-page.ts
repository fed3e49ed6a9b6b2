import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { chunkBytes, endArguments } from './response-chunks';

const META_TAG = /<meta\s[^>]*>/gi;
const ROBOTS_NAME = /\bname\s*=\s*["']?robots["'\s/>]/i;
const CONTENT = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/**
 * The X-Robots-Tag value that says what the robots meta tags of a page say, or null when it has
 * none. Several tags (Next adds its own `noindex` to a not-found answer) add up: any `noindex`
 * or `nofollow` (or `none`) among them holds for the page.
 */
export function robotsOfHtml(html: string): string | null {
  let found = false;
  let index = true;
  let follow = true;
  for (const [tag] of html.matchAll(META_TAG)) {
    if (!ROBOTS_NAME.test(tag)) continue;
    const content = CONTENT.exec(tag);
    if (!content) continue;
    found = true;
    const directives = (content[1] ?? content[2] ?? '').toLowerCase().split(/[\s,]+/);
    if (directives.includes('noindex') || directives.includes('none')) index = false;
    if (directives.includes('nofollow') || directives.includes('none')) follow = false;
  }
  if (!found) return null;
  return `${index ? 'index' : 'noindex'}, ${follow ? 'follow' : 'nofollow'}`;
}

/**
 * Makes the X-Robots-Tag of an HTML page say what the page's robots meta says. Whether a page
 * may be indexed can depend on its data (a private author profile, an empty landing, a page not
 * found, a page not built yet), which only its render knows, while the header is set from the
 * route's class before the render starts. So the page is held until Next has written all of it
 * (public pages are rendered whole and cached, and the page store holds them the same way), the
 * header is set from its meta tags, and the page goes on. Installed closest to Next, so the page
 * store keeps the header it sets. A page without a robots meta keeps the route's header;
 * anything but an HTML page (client-router payloads, redirects) passes untouched.
 */
export function installRobotsFromPage(req: IncomingMessage, res: ServerResponse): void {
  // Next answers HEAD without the page: nothing to read (a stored copy answers it with its header).
  if (req.method !== 'GET') return;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const flushHeaders = res.flushHeaders;
  /** Undecided until the head or the first bytes; then the page's chunks while held, or null. */
  let held: Buffer[] | null | undefined;
  /** The arguments of a writeHead Next called while the page is held (headers already set). */
  let pendingHead: unknown[] | null = null;

  const decide = () => {
    if (held !== undefined) return;
    const type = String(res.getHeader('content-type') ?? '');
    held = type.startsWith('text/html') && res.statusCode !== 204 && res.statusCode !== 304 ? [] : null;
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (held === null) return writeHead(status, ...rest);
    res.statusCode = status;
    // Headers given to writeHead join the ones already set, so the header can still change.
    const last = rest[rest.length - 1];
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      for (const [name, value] of Object.entries(last as OutgoingHttpHeaders))
        if (value !== undefined) res.setHeader(name, value);
      rest = rest.slice(0, -1);
    }
    decide();
    if (held === null) return writeHead(status, ...rest);
    pendingHead = [status, ...rest];
    return res;
  }) as ServerResponse['writeHead'];

  res.flushHeaders = () => {
    decide();
    // A held page's head goes out with the page.
    if (held === null) flushHeaders.call(res);
  };

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    decide();
    if (!held) return write(chunk, encoding, callback);
    if (chunk !== undefined && chunk !== null) held.push(Buffer.from(chunkBytes(chunk, encoding)));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as ServerResponse['write'];

  res.end = ((...args: unknown[]) => {
    const { chunk, encoding, callback } = endArguments(args[0], args[1], args[2]);
    decide();
    if (!held) return end(...args);
    if (chunk !== undefined && chunk !== null) held.push(Buffer.from(chunkBytes(chunk, encoding)));
    const page = Buffer.concat(held);
    held = null;
    const robots = robotsOfHtml(page.toString('utf8'));
    if (robots) res.setHeader('X-Robots-Tag', robots);
    if (pendingHead) writeHead(...pendingHead);
    return end(page, callback);
  }) as ServerResponse['end'];
}
