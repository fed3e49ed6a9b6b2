import type { ChildProcess } from 'node:child_process';

/** Node's arguments for the production server (see server-process.mjs). */
export const SERVER_NODE_ARGS: readonly string[];
export function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ChildProcess>;
export function stopServer(child: ChildProcess): Promise<void>;
