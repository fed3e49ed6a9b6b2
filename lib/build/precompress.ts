import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { COMPRESSIBLE_TYPES } from '../http/static-assets';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every compressible
 * file of the build's static folder. The names are content hashes and never change, so the
 * strongest settings are paid once per build instead of a fast gzip on every request;
 * lib/http/static-assets.ts serves the copies.
 */
export async function precompressStaticAssets(distDir: string): Promise<number> {
  const staticDir = path.join(distDir, 'static');
  const entries = await fs.readdir(staticDir, { recursive: true, withFileTypes: true });
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !(path.extname(entry.name) in COMPRESSIBLE_TYPES)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = await fs.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
      gzip(source, { level: 9 }),
    ]);
    await fs.writeFile(`${file}.br`, br);
    await fs.writeFile(`${file}.gz`, gz);
    count++;
  }
  return count;
}
