import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process owns the embedded database folder. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is already open in process ${ownerPid}. ` +
        'Two processes writing one PGlite folder lose data, so this one stops. ' +
        'Stop the other Kreide process (or `npm run db:seed`) first, or point DATA_DIR at another folder.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file of an embedded database folder. PGlite has no lock of its own and two
 * owners silently lose committed rows, so exactly one process may hold it.
 * A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireDatabaseLock(dbDir: string): () => void {
  fs.mkdirSync(dbDir, { recursive: true });
  const lockPath = path.join(dbDir, 'kreide.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isFinite(ownerPid) && isAlive(ownerPid)) throw new DatabaseInUseError(dbDir, ownerPid);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}`);
}
