/**
 * Runs one job's handler inside a worker thread (started by thread.ts through
 * thread-bootstrap.mjs): loads the job catalogue, finds the definition, runs the handler on this
 * thread's own event loop and posts the outcome to the parent. The thread has its own module
 * registry, so it opens its own database pool when the handler needs one, and closes it before
 * it ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { closeDb } from '@/lib/db/client';
import { getJobDefinition, type JobContext } from './registry';

interface ThreadInput {
  catalogue: string;
  job: JobContext;
  data: unknown;
}

async function main() {
  const input = workerData as ThreadInput;
  try {
    // The catalogue path is only known at run time (tests bring their own catalogue).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a path known only at run time
    require(input.catalogue);
    const definition = getJobDefinition(input.job.name);
    const result = await definition.handler(definition.schema.parse(input.data), input.job);
    parentPort!.postMessage({ ok: true, result });
  } catch (error) {
    const { message, stack, name } = error instanceof Error ? error : new Error(String(error));
    parentPort!.postMessage({ ok: false, error: { message, stack, name } });
  } finally {
    await closeDb();
  }
}

void main();
