import path from 'node:path';
import { expect } from '@playwright/test';
import { readOutbox } from '../../../lib/mail/outbox';

const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e', 'mail');

/** Waits for the newest mail to an address and returns the first link in it. */
export async function linkFromLatestMail(to: string, since = 0): Promise<{ subject: string; link: string }> {
  let found: { subject: string; link: string } | undefined;
  await expect
    .poll(() => {
      const mail = readOutbox(OUTBOX)
        .slice(since)
        .filter((m) => m.to.includes(to))
        .at(-1);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      found = mail && link ? { subject: mail.subject, link } : undefined;
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** How many mails the outbox holds now (to look only at newer ones). */
export function outboxSize(): number {
  return readOutbox(OUTBOX).length;
}
