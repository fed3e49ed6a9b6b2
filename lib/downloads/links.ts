import crypto from 'node:crypto';
import { getSessionSecret } from '@/lib/accounts/session-secret';

/** How long a download link works: long enough to click, too short to pass around. */
export const DOWNLOAD_LINK_TTL_MS = 10 * 60 * 1000;

interface LinkPayload {
  /** The buyer the link was made for. */
  u: number;
  /** The material. */
  m: number;
  /** Expiry, ms since the epoch. */
  e: number;
}

function key(): Buffer {
  // A key of its own, derived from the session secret: a link can never be read as a session.
  return crypto.createHmac('sha256', getSessionSecret()).update('kreide download links v1').digest();
}

function sign(payload: string): string {
  return crypto.createHmac('sha256', key()).update(payload).digest('base64url');
}

/** A signed token for one buyer and material, valid for a few minutes. */
export function createDownloadToken(userId: number, materialId: number, now: number = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, m: materialId, e: now + DOWNLOAD_LINK_TTL_MS })).toString(
    'base64url',
  );
  return `${payload}.${sign(payload)}`;
}

/** The buyer and material of a valid, unexpired token, or null (forged, altered, expired, malformed). */
export function readDownloadToken(
  token: string,
  now: number = Date.now(),
): { userId: number; materialId: number } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload));
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
