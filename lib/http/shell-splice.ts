import { SHELL_QUERY_MARKER, SHELL_RESULTS_MARKER, SHELL_TITLE_MARKER } from '@/lib/search/shell';

/**
 * Cutting a search page's shell at its slots and filling them (lib/http/search-shell.ts): pure,
 * so the rules of React's payload it relies on are tested on their own.
 */

type Context = 'markup' | 'payload';
type Piece =
  | string
  | { slot: 'results'; context: Context }
  | { slot: 'title'; context: Context }
  | { slot: 'nonce' }
  | { slot: 'query' };

/** A shell cut at its slots: text, and where the results, the title and each nonce go. */
export interface ParsedShell {
  pieces: Piece[];
}

const NONCE_SPLIT = '\u0000nonce\u0000';
const RESULTS_ROW = new RegExp(`([0-9a-f]+):T[0-9a-f]+,${SHELL_RESULTS_MARKER}`, 'g');
const QUERY_SLOT = `?${SHELL_QUERY_MARKER}`;

/** The characters Next escapes in payload JSON besides JSON's own (htmlEscapeJsonString). */
const PAYLOAD_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '<': '\\u003c',
  '>': '\\u003e',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

const REACT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text as React writes it into markup (so an answer is byte for byte the page Next renders). */
function reactText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => REACT_ESCAPES[character]!);
}

/** Text as it stands inside a JSON string of the page's payload script. */
export function payloadText(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (character) => PAYLOAD_ESCAPES[character]!);
}

/**
 * Cuts a shell at its slots. Inside a `<script>` (the payload) a slot is payload text; the
 * results region's row there has its length rewritten per answer. Throws when a slot is missing:
 * a page that is not a shell must never be answered as one.
 */
export function parseShell(segments: readonly string[]): ParsedShell {
  const html = segments.join(NONCE_SPLIT);
  const pieces: Piece[] = [];
  const found = { results: 0, title: 0, query: 0 };
  const scripts = /<script\b[^>]*>[\s\S]*?<\/script>/g;
  let cursor = 0;
  const cutText = (text: string, context: 'markup' | 'payload') => {
    const pattern = new RegExp(
      `${context === 'payload' ? RESULTS_ROW.source : SHELL_RESULTS_MARKER}|${SHELL_TITLE_MARKER}|${NONCE_SPLIT}|\\?${SHELL_QUERY_MARKER}`,
      'g',
    );
    let at = 0;
    for (const match of text.matchAll(pattern)) {
      if (match.index > at) pieces.push(text.slice(at, match.index));
      if (match[0] === NONCE_SPLIT) pieces.push({ slot: 'nonce' });
      else if (match[0] === QUERY_SLOT) {
        if (context === 'markup') throw new Error('not a search shell (its query in the markup)');
        found.query++;
        pieces.push({ slot: 'query' });
      } else if (match[0] === SHELL_TITLE_MARKER) {
        found.title++;
        pieces.push({ slot: 'title', context });
      } else {
        found.results++;
        if (context === 'payload') pieces.push(`${match[1]}:T`);
        pieces.push({ slot: 'results', context });
      }
      at = match.index + match[0].length;
    }
    if (at < text.length) pieces.push(text.slice(at));
  };
  for (const script of html.matchAll(scripts)) {
    cutText(html.slice(cursor, script.index), 'markup');
    cutText(script[0], 'payload');
    cursor = script.index + script[0].length;
  }
  cutText(html.slice(cursor), 'markup');
  if (found.results !== 2 || found.title === 0 || found.query === 0)
    throw new Error(
      `not a search shell (results slots ${found.results}, title slots ${found.title}, query slots ${found.query})`,
    );
  return { pieces };
}

/**
 * The page of a shell with a search's results region, title and query, cut where each nonce goes:
 * joined with a response's nonce it is the page to send (a NonceTemplate's segments).
 */
export function renderShellSegments(
  shell: ParsedShell,
  parts: { results: string; title: string; query: string },
): string[] {
  const results = { markup: parts.results, payload: '' };
  // As Next writes a URL's query into the payload: normalized, with its question mark, or nothing.
  const query = payloadText(parts.query ? `?${parts.query}` : '');
  const segments: string[] = [];
  let out = '';
  for (const piece of shell.pieces) {
    if (typeof piece === 'string') out += piece;
    else if (piece.slot === 'nonce') {
      segments.push(out);
      out = '';
    } else if (piece.slot === 'query') out += query;
    else if (piece.slot === 'title')
      out += piece.context === 'markup' ? reactText(parts.title) : payloadText(parts.title);
    else if (piece.context === 'markup') out += results.markup;
    else {
      results.payload ||= payloadText(parts.results);
      out += `${Buffer.byteLength(parts.results, 'utf8').toString(16)},${results.payload}`;
    }
  }
  segments.push(out);
  return segments;
}

/** The page of a shell with a search's parts and this response's nonce. */
export function renderShell(
  shell: ParsedShell,
  parts: { results: string; title: string; nonce: string; query: string },
): string {
  return renderShellSegments(shell, parts).join(parts.nonce);
}
