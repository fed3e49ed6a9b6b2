import fs from 'node:fs';
import path from 'node:path';
import { getOutboxDir } from './mailer';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded plain-text part. */
  text: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  ).replace(/\?=\s+=\?/g, '');
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

function parseEml(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8');
  const header = (name: string) => {
    const match = raw.match(new RegExp(`^${name}: ((?:.*)(?:\\n[ \\t].*)*)`, 'mi'));
    return match?.[1] ? decodeHeader(match[1].replace(/\n[ \t]+/g, ' ')) : '';
  };
  const textPart = raw.match(/Content-Type: text\/plain[^\n]*\n(?:Content-Transfer-Encoding: ([^\n]+)\n)?(?:[^\n]+\n)*\n([\s\S]*?)(?:\n--|$)/i);
  let text = textPart?.[2] ?? raw.split('\n\n').slice(1).join('\n\n');
  const encoding = textPart?.[1]?.trim().toLowerCase();
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(text);
  else if (encoding === 'base64') text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { file, to: header('To'), subject: header('Subject'), text: text.trim() };
}
