import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getDataDir } from '@/lib/env';
import { processWide } from '@/lib/process-wide.cjs';

const kept = processWide('session-secret', (): { secret?: string } => ({}));

/**
 * The secret that seals the session cookie: SESSION_SECRET when set (several app processes must
 * share it), else one generated on first use and kept in DATA_DIR, so sessions survive restarts.
 */
export function getSessionSecret(): string {
  if (kept.secret) return kept.secret;
  const configured = process.env.SESSION_SECRET;
  if (configured && configured.length >= 32) return (kept.secret = configured);
  const file = path.join(getDataDir(), 'session-secret');
  try {
    kept.secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    kept.secret = secret;
  }
  return kept.secret;
}
