/**
 * Starts Kreide's production server (server.ts) for a measurement script and stops it again.
 * Plain JavaScript so both the TypeScript bench and the Lighthouse script (which must not run
 * through a TypeScript loader) can use it.
 */
import { spawn } from 'node:child_process';

/**
 * How Node runs the production server: TypeScript through tsx's CommonJS hook, not its ESM
 * loader (`tsx server.ts`, `--import tsx`). The loader's hooks run on a thread of their own, and
 * every module Next imports dynamically while answering (its incremental cache, once per request)
 * crosses to that thread and back: about a millisecond of CPU per answer, 10–15 % of a favourite
 * toggle. Node 20.20 loads Next's ES modules from CommonJS (require of ESM). Development
 * (`npm run dev`) keeps the loader, which watches files.
 */
export const SERVER_NODE_ARGS = ['--require', 'tsx/cjs', 'server.ts'];

/** Starts server.ts on `port` with `dataDir` and resolves once /api/health answers. */
export async function startServer({ port, dataDir, env = {} }) {
  // A server left over from an interrupted run would answer the health check below and be
  // measured in place of this build.
  if (await answers(port)) throw new Error(`port ${port} is already in use: stop the process listening there first`);
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 180; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
  }
  child.kill('SIGTERM');
  throw new Error('server did not start within 180 s');
}

async function answers(port) {
  try {
    await fetch(`http://localhost:${port}/api/health`);
    return true;
  } catch {
    return false;
  }
}

/** Stops a server started by startServer and waits until it has closed its database. */
export async function stopServer(child) {
  // Gone already (exited, or killed: a crash test's SIGKILL).
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
