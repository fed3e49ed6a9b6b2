import { after } from 'next/server';

// Tasks run outside a request scope, kept so tests (and a graceful shutdown) can wait for them.
const detached = new Set<Promise<void>>();

/**
 * Runs work after the response has been sent, so the answer neither waits for it nor reveals by
 * its timing what the work was (a mail to an address that has an account). Inside a request this
 * is Next's `after()`; where there is no request scope (`after()` throws there: Jest calling a
 * route handler, scripts) the task runs as a detached promise on the next turn of the event
 * loop. A failure is logged, never thrown: the answer is already out. The job queue of the areas
 * issue replaces this helper.
 */
export function afterResponse(label: string, task: () => Promise<unknown>): void {
  const run = async () => {
    try {
      await task();
    } catch (error) {
      console.error(`${label} failed after the response:`, error);
    }
  };
  try {
    after(run);
    return;
  } catch {
    // Outside a request scope: fall through to a detached run.
  }
  const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(run)
    .finally(() => detached.delete(promise));
  detached.add(promise);
}

/** Resolves once every detached task (and any task those scheduled) has finished. */
export async function settleAfterResponse(): Promise<void> {
  while (detached.size > 0) await Promise.all([...detached]);
}
