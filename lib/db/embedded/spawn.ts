import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface EmbeddedProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the embedded database in its own process (see process.ts) and waits until it accepts
 * connections. Rejects with the child's own message, e.g. when the folder is locked.
 */
export function spawnEmbeddedDatabase(dbDir: string): Promise<EmbeddedProcess> {
  const entry = path.join(__dirname, 'process.ts');
  const child = fork(entry, [dbDir], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`embedded database exited with code ${code}`)));
    child.on('message', (message: { type: string; url?: string; message?: string }) => {
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== 'ready' || !message.url) return;
      child.removeAllListeners('exit');
      resolve({
        url: message.url,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
