import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStorage } from './storage';

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-storage-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, reads and removes a file; removing it again is harmless', async () => {
    await storage.put('users/1/image-a.webp', Buffer.from('x'));
    expect((await storage.read('users/1/image-a.webp'))?.toString()).toBe('x');
    await storage.remove('users/1/image-a.webp');
    expect(await storage.read('users/1/image-a.webp')).toBeNull();
    await expect(storage.remove('users/1/image-a.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that leave its folder', async () => {
    const outside = `${path.basename(root)}-outside.txt`;
    fs.writeFileSync(path.join(root, '..', outside), 'keep');
    try {
      await expect(storage.remove(`../${outside}`)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.remove('/etc/passwd')).rejects.toThrow(/Unsafe storage key/);
      expect(fs.existsSync(path.join(root, '..', outside))).toBe(true);
    } finally {
      fs.rmSync(path.join(root, '..', outside));
    }
  });
});
