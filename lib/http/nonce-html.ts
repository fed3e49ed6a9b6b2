import { HASHED_INLINE_SCRIPTS } from './csp';

/**
 * Finds where a page's HTML needs the response's CSP nonce: every executable <script> (inline or
 * not) and every <link> that preloads a script. Works on bytes as they stream (tags split across
 * chunks are held back until complete) and skips the text inside <script> and <style>, which is
 * never markup. Data blocks (`type="application/ld+json"`, the deferred chunks' `text/plain`)
 * and inline scripts allowed by hash need no nonce.
 */

/** Marks a place where ` nonce="…"` goes, right after the tag name. */
export const NONCE_SLOT = Symbol('nonce-slot');
export type ScanPart = Buffer | typeof NONCE_SLOT;

const LT = 0x3c;
const GT = 0x3e;
const EMPTY = Buffer.alloc(0);
const SCRIPT_OPEN = Buffer.from('<script');
const STYLE_OPEN = Buffer.from('<style');
const LINK_OPEN = Buffer.from('<link');
const SCRIPT_CLOSE = Buffer.from('</script');
const STYLE_CLOSE = Buffer.from('</style');
const HASHED_WITH_CLOSE = HASHED_INLINE_SCRIPTS.map((text) => Buffer.from(`${text}</script>`));
const JS_TYPES = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/;

/** After a tag name: whitespace, `/` or `>` (so `<scripts>` or `<linked>` are not tags we know). */
function isNameEnd(byte: number | undefined): boolean {
  return (
    byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x2f || byte === GT
  );
}

/** 1 when data at `at` starts with `name` + a name end, 0 when not, -1 when data ends too soon to tell. */
function startsTag(data: Buffer, at: number, name: Buffer): number {
  const available = data.length - at;
  if (available <= name.length) {
    return data.subarray(at).equals(name.subarray(0, available)) ? -1 : 0;
  }
  for (let i = 1; i < name.length; i++) if (data[at + i] !== name[i]) return 0;
  return isNameEnd(data[at + name.length]) ? 1 : 0;
}

const ATTRIBUTE = /[\s/]([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The attributes of an opening tag, names lower-cased. */
export function tagAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of tag.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attributes;
}

function linkNeedsNonce(tag: string): boolean {
  const attributes = tagAttributes(tag);
  const rel = ` ${(attributes.get('rel') ?? '').toLowerCase()} `;
  if (rel.includes(' modulepreload ')) return true;
  return rel.includes(' preload ') && (attributes.get('as') ?? '').toLowerCase() === 'script';
}

/** true/false, or null when the script's text has not fully arrived yet to tell. */
function scriptNeedsNonce(tag: string, data: Buffer, contentStart: number, final: boolean): boolean | null {
  if (tag === '<script>') {
    const rest = data.subarray(contentStart);
    for (const hashed of HASHED_WITH_CLOSE) {
      if (rest.length >= hashed.length) {
        if (rest.subarray(0, hashed.length).equals(hashed)) return false;
      } else if (!final && hashed.subarray(0, rest.length).equals(rest)) {
        return null;
      }
    }
    return true;
  }
  const type = tagAttributes(tag).get('type');
  return type === undefined || JS_TYPES.test(type.trim().toLowerCase());
}

/**
 * Streaming scanner: feed it the page's bytes in order; it returns them split at the places
 * that need the nonce. Bytes that might be the start of a tag are held until the next chunk.
 */
export class NonceScanner {
  private pending: Buffer = EMPTY;
  /** Inside <script> or <style>: the end marker we wait for. */
  private rawEnd: Buffer | null = null;
  /** Places found so far. */
  slots = 0;

  push(chunk: Buffer): ScanPart[] {
    return this.scan(this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk, false);
  }

  /** The rest: whatever was held back goes out as it is. */
  end(): ScanPart[] {
    return this.pending.length ? this.scan(this.pending, true) : [];
  }

  private scan(data: Buffer, final: boolean): ScanPart[] {
    const parts: ScanPart[] = [];
    let emitted = 0;
    let pos = 0;
    let hold = -1;
    while (pos < data.length) {
      if (this.rawEnd) {
        const end = data.indexOf(this.rawEnd, pos);
        if (end === -1) {
          // Keep what could be the start of the end marker.
          if (!final) hold = Math.max(pos, data.length - (this.rawEnd.length - 1));
          break;
        }
        pos = end + this.rawEnd.length;
        this.rawEnd = null;
        continue;
      }
      const lt = data.indexOf(LT, pos);
      if (lt === -1) break;
      const script = startsTag(data, lt, SCRIPT_OPEN);
      const style = script === 1 ? 0 : startsTag(data, lt, STYLE_OPEN);
      const link = script === 1 || style === 1 ? 0 : startsTag(data, lt, LINK_OPEN);
      if (script === 0 && style === 0 && link === 0) {
        pos = lt + 1;
        continue;
      }
      const gt = script === -1 || style === -1 || link === -1 ? -1 : data.indexOf(GT, lt);
      if (gt === -1) {
        if (!final) hold = lt;
        break;
      }
      const tag = data.toString('latin1', lt, gt + 1);
      if (style === 1) {
        this.rawEnd = STYLE_CLOSE;
      } else if (link === 1) {
        if (linkNeedsNonce(tag)) {
          parts.push(data.subarray(emitted, lt + LINK_OPEN.length), NONCE_SLOT);
          emitted = lt + LINK_OPEN.length;
          this.slots++;
        }
      } else {
        const needs = scriptNeedsNonce(tag, data, gt + 1, final);
        if (needs === null) {
          hold = lt;
          break;
        }
        if (needs) {
          parts.push(data.subarray(emitted, lt + SCRIPT_OPEN.length), NONCE_SLOT);
          emitted = lt + SCRIPT_OPEN.length;
          this.slots++;
        }
        this.rawEnd = SCRIPT_CLOSE;
      }
      pos = gt + 1;
    }
    const until = hold === -1 ? data.length : hold;
    if (until > emitted) parts.push(data.subarray(emitted, until));
    // A copy: the caller may reuse the chunk it gave us.
    this.pending = hold === -1 ? EMPTY : Buffer.from(data.subarray(hold));
    return parts;
  }
}

/** Streams a page with the nonce written into every place that needs it. */
export class NonceInjector {
  private readonly scanner = new NonceScanner();
  private readonly attribute: Buffer;

  constructor(nonce: string) {
    this.attribute = Buffer.from(` nonce="${nonce}"`);
  }

  push(chunk: Buffer): Buffer {
    return this.join(this.scanner.push(chunk));
  }

  end(): Buffer {
    return this.join(this.scanner.end());
  }

  private join(parts: ScanPart[]): Buffer {
    if (parts.length === 1 && parts[0] !== NONCE_SLOT) return parts[0] as Buffer;
    return Buffer.concat(parts.map((part) => (part === NONCE_SLOT ? this.attribute : part)));
  }
}

/** A whole page with the nonce value cut out: `segments.join(nonce)` is the page to send. */
export interface NonceTemplate {
  segments: Buffer[];
}

const NONCE_OPEN = Buffer.from(' nonce="');
const NONCE_CLOSE = Buffer.from('"');

/** Splits a complete page around its nonce values (done once, when the page is cached). */
export function buildNonceTemplate(html: Buffer): NonceTemplate {
  const scanner = new NonceScanner();
  const parts = [...scanner.push(html), ...scanner.end()];
  const segments: Buffer[] = [];
  let current: Buffer[] = [];
  for (const part of parts) {
    if (part === NONCE_SLOT) {
      current.push(NONCE_OPEN);
      segments.push(Buffer.concat(current));
      current = [NONCE_CLOSE];
    } else {
      current.push(part);
    }
  }
  segments.push(Buffer.concat(current));
  return { segments };
}

/** The page of a template with this response's nonce. */
export function renderNonceTemplate(template: NonceTemplate, nonce: string): Buffer {
  const { segments } = template;
  if (segments.length === 1) return segments[0]!;
  const value = Buffer.from(nonce, 'latin1');
  const list: Buffer[] = [segments[0]!];
  for (let i = 1; i < segments.length; i++) list.push(value, segments[i]!);
  return Buffer.concat(list);
}
