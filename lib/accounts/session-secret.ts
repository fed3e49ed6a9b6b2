import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getDataDir } from '@/lib/env';

const holder = globalThis as typeof globalThis & { __kreideSessionSecret?: string };

/**
 * The secret that seals the session cookie: SESSION_SECRET when set (several app processes must
 * share it), else one generated on first use and kept in DATA_DIR, so sessions survive restarts.
 */
export function getSessionSecret(): string {
  if (holder.__kreideSessionSecret) return holder.__kreideSessionSecret;
  const configured = process.env.SESSION_SECRET;
  if (configured && configured.length >= 32) return (holder.__kreideSessionSecret = configured);
  const file = path.join(getDataDir(), 'session-secret');
  try {
    holder.__kreideSessionSecret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    holder.__kreideSessionSecret = secret;
  }
  return holder.__kreideSessionSecret;
}
