import type { ChildProcess } from 'node:child_process';

export function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ChildProcess>;
export function stopServer(child: ChildProcess): Promise<void>;
