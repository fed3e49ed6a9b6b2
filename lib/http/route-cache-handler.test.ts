import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the handler is plain CommonJS, loaded by Next at run time
const RouteCacheHandler = require('./route-cache-handler.cjs');

function page(status: number) {
  return {
    kind: 'APP_PAGE',
    html: '<html>page</html>',
    rscData: Buffer.from('rsc'),
    headers: {},
    postponed: undefined,
    status,
    segmentData: undefined,
  };
}

describe('the page cache', () => {
  let dir: string;
  let handler: {
    set: (key: string, data: unknown, ctx: unknown) => Promise<void>;
    get: (key: string, ctx: unknown) => Promise<unknown>;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-route-cache-'));
    fs.mkdirSync(path.join(dir, 'app'), { recursive: true });
    // Next's own file-system adapter creates folders recursively.
    const cacheFs = {
      readFile: fs.promises.readFile,
      writeFile: fs.promises.writeFile,
      stat: fs.promises.stat,
      mkdir: (folder: string) => fs.promises.mkdir(folder, { recursive: true }),
      existsSync: fs.existsSync,
      readFileSync: fs.readFileSync,
    };
    handler = new RouteCacheHandler({
      fs: cacheFs,
      flushToDisk: true,
      serverDistDir: dir,
      revalidatedTags: [],
      maxMemoryCacheSize: 1024 * 1024,
    });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const filesUnder = (root: string): string[] =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);

  it('never writes a not-found page to disk, one missing path after another', async () => {
    for (const key of ['/de/zz', '/de/zz2', '/de/material/999999/x']) {
      await handler.set(key, page(404), { cacheControl: { revalidate: 300 } });
    }
    expect(filesUnder(dir)).toEqual([]);
  });

  it('still writes a found page to disk, and the next set after a 404 too', async () => {
    await handler.set('/de/zz', page(404), { cacheControl: { revalidate: 300 } });
    await handler.set('/de/material/1/x', page(200), { cacheControl: { revalidate: 300 } });
    expect(filesUnder(dir).sort()).toEqual(expect.arrayContaining(['x.html', 'x.meta']));
    expect(filesUnder(dir).some((name) => name.startsWith('zz'))).toBe(false);
  });
});
