import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { JobContext } from './registry';

// From the project folder, as the messages and migrations are: route bundles reach this module
// (through the queue) and must not depend on where the bundler put it.
const JOBS_DIR = path.join(process.cwd(), 'lib', 'jobs');

/** Threads running now, so a shutdown can end them. */
const running = new Set<Worker>();

type ThreadAnswer =
  { ok: true; result: unknown } | { ok: false; error: { message: string; stack?: string; name?: string } };

/**
 * Runs a job's handler in a worker thread of its own and resolves with its result. CPU-bound
 * work there leaves this process's event loop free to answer requests. One thread per job:
 * starting one costs a few hundred milliseconds (the TypeScript loader), which jobs that need a
 * thread (seconds of rendering) do not notice, and a crash or a hang ends with its thread.
 * After `timeoutMs` the thread is terminated and the run fails (the queue retries it).
 */
export function runInThread(input: {
  catalogue: string;
  job: JobContext;
  data: unknown;
  timeoutMs: number;
}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(JOBS_DIR, 'thread-bootstrap.mjs'), {
      // This process's environment as it is now (the database URL is set once started): a
      // thread otherwise copies the environment the process was started with.
      env: { ...process.env },
      workerData: {
        entry: path.join(JOBS_DIR, 'thread-entry.ts'),
        catalogue: input.catalogue,
        job: input.job,
        data: input.data,
      },
    });
    running.add(worker);
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new Error(`job ${input.job.name} ran longer than ${input.timeoutMs} ms in its thread`)));
      void worker.terminate();
    }, input.timeoutMs);
    worker.once('message', (answer: ThreadAnswer) =>
      settle(() => {
        if (answer.ok) return resolve(answer.result);
        const error = new Error(answer.error.message);
        if (answer.error.stack) error.stack = answer.error.stack;
        reject(error);
      }),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => {
      running.delete(worker);
      settle(() => reject(new Error(`the thread of job ${input.job.name} ended (code ${code}) without an answer`)));
    });
  });
}

/** Ends every job thread still running (shutdown; their jobs are failed and retried). */
export async function terminateThreads(): Promise<void> {
  await Promise.all([...running].map((worker) => worker.terminate()));
}
