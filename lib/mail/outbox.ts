import fs from 'node:fs';
import path from 'node:path';
import { getOutboxDir } from './mailer';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded plain-text part. */
  text: string;
  /** RFC 2369/8058 headers, empty when the mail has none. */
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  // Adjacent encoded words are one text: the space between them is folding, and a character's
  // bytes may be split across two words, so bytes are joined before decoding UTF-8.
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/(?:=\?utf-8\?[BQ]\?[^?]*\?=)+/gi, (run) => {
    const bytes: Buffer[] = [];
    for (const [, enc, data] of run.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi)) {
      bytes.push(
        enc!.toUpperCase() === 'B'
          ? Buffer.from(data!, 'base64')
          : Buffer.from(
              data!
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ),
      );
    }
    return Buffer.concat(bytes).toString('utf8');
  });
}

/** Parses the `.eml` files of the default outbox, newest last (for tests and local use). */
export function readOutbox(dir = getOutboxDir()): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseEml(path.join(dir, name)));
}

function splitPart(raw: string): { headers: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  return at < 0
    ? { headers: raw, body: '' }
    : { headers: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function headerOf(headers: string, name: string): string {
  const match = headers.match(new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'mi'));
  return match?.[1] ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

function decodeBody(headers: string, body: string): string {
  const encoding = headerOf(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function parseEml(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const { headers, body } = splitPart(raw);
  let text = decodeBody(headers, body);
  const boundary = headerOf(headers, 'Content-Type').match(/boundary="?([^";]+)"?/i)?.[1];
  if (boundary) {
    const plain = body
      .split(`--${boundary}`)
      .map((part) => splitPart(part.replace(/^\r?\n/, '')))
      .find((part) => /text\/plain/i.test(headerOf(part.headers, 'Content-Type')));
    if (plain) text = decodeBody(plain.headers, plain.body);
  }
  return {
    file,
    to: decodeHeader(headerOf(headers, 'To')),
    subject: decodeHeader(headerOf(headers, 'Subject')),
    text: text.trim(),
    listUnsubscribe: headerOf(headers, 'List-Unsubscribe'),
    listUnsubscribePost: headerOf(headers, 'List-Unsubscribe-Post'),
  };
}
