import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getDataDir, getEnv } from '@/lib/env';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe of the mails a user can turn off). */
  headers?: Record<string, string>;
}

let transport: Transporter | undefined;

/** The outbox folder that receives `.eml` files when no SMTP server is configured. */
export function getOutboxDir(): string {
  return path.join(getDataDir(), 'mail');
}

/**
 * SMTP settings besides the URL. Pooled: mail jobs run ten at a time (MAIL_JOB_RULES), and a new
 * connection (TCP, TLS, login) per mail would cost more than the mail itself. The timeouts end a
 * send to a hanging server within about 25–35 s, inside a mail job's 60 s run limit (its 15 s
 * expiry is kept alive by a heartbeat while the run lives), so a slow server
 * fails the run (and it is retried after its back-off) instead of the run expiring while it may
 * still deliver (a second copy). nodemailer's defaults wait up to two and ten minutes.
 */
export const SMTP_OPTIONS = {
  pool: true,
  maxConnections: 5,
  maxMessages: 100,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 15_000,
} as const;

function getTransport(): Transporter {
  if (transport) return transport;
  const smtp = getEnv().SMTP_URL;
  transport = smtp
    ? nodemailer.createTransport({ url: smtp, ...SMTP_OPTIONS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return transport;
}

/**
 * Sends a mail: through SMTP when `SMTP_URL` is set, otherwise written as an `.eml`
 * file to `DATA_DIR/mail` and logged, so a fresh machine still "sends" every mail.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const info = await getTransport().sendMail({ from: getEnv().MAIL_FROM, ...mail });
  if (getEnv().SMTP_URL) return;
  const message = (info as unknown as { message: Buffer }).message;
  const dir = getOutboxDir();
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
  await fs.promises.writeFile(path.join(dir, name), message);
  if (process.env.NODE_ENV !== 'test') console.log(`[mail] to ${mail.to}: ${mail.subject} → ${path.join(dir, name)}`);
}

/** Test hook: forget the transport (tests switch DATA_DIR or SMTP_URL); a pool is closed. */
export function resetMailer(): void {
  transport?.close();
  transport = undefined;
}
