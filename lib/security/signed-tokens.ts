import crypto from 'node:crypto';
import { getSessionSecret } from '@/lib/accounts/session-secret';

/** Longer than any token made here: anything longer is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 400;

function key(label: string): Buffer {
  // A key of its own per purpose, derived from the session secret: a token can never be read as
  // a session, and a token of one purpose never opens another.
  return crypto.createHmac('sha256', getSessionSecret()).update(label).digest();
}

function sign(label: string, payload: string): string {
  return crypto.createHmac('sha256', key(label)).update(payload).digest('base64url');
}

/**
 * A stateless token for one purpose (`label`): the data as base64url JSON with its expiry (`e`,
 * ms since the epoch) and an HMAC of both. Nothing is stored, so a link in a mail works until it
 * expires (or the session secret changes).
 */
export function createSignedToken(label: string, data: Record<string, number | string>, expires: number): string {
  const payload = Buffer.from(JSON.stringify({ ...data, e: expires })).toString('base64url');
  return `${payload}.${sign(label, payload)}`;
}

/**
 * The data of a token signed for `label` and not expired at `now`, or null (forged, altered,
 * another purpose's, expired, malformed). The caller checks the fields it expects.
 */
export function readSignedToken(label: string, token: string, now: number): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(label, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  if (typeof record.e !== 'number' || record.e < now) return null;
  return record;
}
