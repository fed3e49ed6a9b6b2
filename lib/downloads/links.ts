import crypto from 'node:crypto';
import { getSessionSecret } from '@/lib/accounts/session-secret';

/** How long a download link works: long enough to click, too short to pass around. */
export const DOWNLOAD_LINK_TTL_MS = 10 * 60 * 1000;

/** Longer than any token made here: anything longer is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 400;

interface LinkPayload {
  /** The buyer the link was made for. */
  u: number;
  /** The material. */
  m: number;
  /** Expiry, ms since the epoch. */
  e: number;
}

/** How long the link of a free material's mail works (the page it opens makes a download link). */
export const FREE_DOWNLOAD_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What a token opens: a file for minutes, or the page of a free material's mail for weeks. */
type LinkPurpose = 'download' | 'free-download';

const KEY_LABELS: Record<LinkPurpose, string> = {
  download: 'kreide download links v1',
  'free-download': 'kreide free-material links v1',
};

function key(purpose: LinkPurpose): Buffer {
  // A key of its own per purpose, derived from the session secret: a link can never be read as a
  // session, and a token of one purpose never opens the other.
  return crypto.createHmac('sha256', getSessionSecret()).update(KEY_LABELS[purpose]).digest();
}

function sign(purpose: LinkPurpose, payload: string): string {
  return crypto.createHmac('sha256', key(purpose)).update(payload).digest('base64url');
}

function createToken(purpose: LinkPurpose, userId: number, materialId: number, expires: number): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, m: materialId, e: expires })).toString('base64url');
  return `${payload}.${sign(purpose, payload)}`;
}

/** A signed token for one buyer and material, valid for a few minutes. */
export function createDownloadToken(userId: number, materialId: number, now: number = Date.now()): string {
  return createToken('download', userId, materialId, now + DOWNLOAD_LINK_TTL_MS);
}

/** The buyer and material of a valid, unexpired token, or null (forged, altered, expired, malformed). */
export function readDownloadToken(
  token: string,
  now: number = Date.now(),
): { userId: number; materialId: number } | null {
  return readToken('download', token, now);
}

/** The token of a free material's mail: the teacher and the material, valid for 30 days. */
export function createFreeDownloadToken(userId: number, materialId: number, now: number = Date.now()): string {
  return createToken('free-download', userId, materialId, now + FREE_DOWNLOAD_LINK_TTL_MS);
}

/** The teacher and material of a valid free-material link, or null. */
export function readFreeDownloadToken(
  token: string,
  now: number = Date.now(),
): { userId: number; materialId: number } | null {
  return readToken('free-download', token, now);
}

function readToken(purpose: LinkPurpose, token: string, now: number): { userId: number; materialId: number } | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(purpose, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let data: LinkPayload;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkPayload;
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(data.u) || !Number.isSafeInteger(data.m) || typeof data.e !== 'number') return null;
  if (data.e < now) return null;
  return { userId: data.u, materialId: data.m };
}

/** The address a buyer downloads through. */
export function downloadUrl(userId: number, materialId: number, now: number = Date.now()): string {
  return `/api/v3/downloads/file?t=${createDownloadToken(userId, materialId, now)}`;
}
