import path from 'node:path';
import { expect } from '@playwright/test';
import { readOutbox, type OutboxMail } from '../../../lib/mail/outbox';

const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e', 'mail');

/**
 * The mails to an address since an outbox size, oldest first; with a subject, only those whose
 * subject is or matches it. Journeys in the other lane mail the same demo accounts, so a
 * journey names the mail it waits for rather than taking whatever came last.
 */
export function mailsTo(to: string, since = 0, subject?: string | RegExp): OutboxMail[] {
  return readOutbox(OUTBOX)
    .slice(since)
    .filter((m) => m.to.includes(to))
    .filter(
      (m) => subject === undefined || (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
    );
}

/** Waits for the newest mail to an address (and of a subject, when given) and returns its first link. */
export async function linkFromLatestMail(
  to: string,
  since = 0,
  subject?: string | RegExp,
): Promise<{ subject: string; link: string }> {
  let found: { subject: string; link: string } | undefined;
  await expect
    .poll(() => {
      const mail = mailsTo(to, since, subject).at(-1);
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
