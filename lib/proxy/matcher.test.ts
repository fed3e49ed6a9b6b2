import fs from 'node:fs';
import path from 'node:path';
import { WORLD_CODES } from '@/lib/worlds/worlds';

describe('proxy matcher', () => {
  // The matcher must be a literal in proxy.ts (Next reads it at build time), so this test keeps
  // its world list equal to the world table.
  it('skips exactly the 27 world prefixes', () => {
    const source = fs.readFileSync(path.join(process.cwd(), 'proxy.ts'), 'utf8');
    const list = source.match(/\(\?:((?:[a-z]{2}\|)+[a-z]{2})\)\(\?:\/\|\$\)/)?.[1]?.split('|');
    expect(list?.sort()).toEqual([...WORLD_CODES].sort());
  });
});
