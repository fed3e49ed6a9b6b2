import { drainJobs } from '@/lib/jobs/workers';
import { readOutbox, type OutboxMail } from '@/lib/mail/outbox';

/**
 * The outbox once every due job has run. Mails are jobs: a request only queues them, so a test
 * that reads what was sent runs the queue first, here in the test's own process.
 */
export async function deliveredMail(): Promise<OutboxMail[]> {
  await drainJobs();
  return readOutbox();
}
