import fs from 'node:fs';
import path from 'node:path';
import { getDataDir } from '@/lib/env';

/** Where files (material files, previews, covers, avatars) live. S3 support comes later. */
export interface FileStorage {
  put(key: string, data: Buffer | string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  /** Deletes a file; a missing file is not an error (deleting twice is harmless). */
  remove(key: string): Promise<void>;
}

/** Keys are relative paths like `covers/12.svg`; anything escaping the root is refused. */
export function assertSafeKey(key: string): string {
  const normalized = path.posix.normalize(key);
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(normalized) || normalized.includes('..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
  return normalized;
}

/** Files in a local folder, by default `DATA_DIR/files`. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer | string): Promise<void> {
    const file = path.join(this.root, assertSafeKey(key));
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, data);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(path.join(this.root, assertSafeKey(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(path.join(this.root, assertSafeKey(key)), { force: true });
  }
}

let storage: FileStorage | undefined;

/** The configured file storage. */
export function getStorage(): FileStorage {
  storage ??= new LocalFileStorage(path.join(getDataDir(), 'files'));
  return storage;
}
