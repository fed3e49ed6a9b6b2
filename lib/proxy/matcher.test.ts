import fs from 'node:fs';
import path from 'node:path';
import { localizeWord } from '@/lib/routing/localized-routes';
import { WORLD_CODES } from '@/lib/worlds/worlds';

describe('proxy matcher', () => {
  it('routes exactly every world’s search path to the search view', () => {
    const source = fs.readFileSync(path.join(process.cwd(), 'proxy.ts'), 'utf8');
    const listed = source
      .match(/:search\(([a-z|-]+)\)/)?.[1]
      ?.split('|')
      .filter((w) => w !== 'search-view');
    const expected = new Set(WORLD_CODES.map((w) => localizeWord(w, 'suchergebnisse')));
    expect(new Set(listed)).toEqual(expected);
  });

  // The matcher must be a literal in proxy.ts (Next reads it at build time), so this test keeps
  // its world list equal to the world table.
  it('skips exactly the 27 world prefixes', () => {
    const source = fs.readFileSync(path.join(process.cwd(), 'proxy.ts'), 'utf8');
    const list = source.match(/\(\?:((?:[a-z]{2}\|)+[a-z]{2})\)\(\?:\/\|\$\)/)?.[1]?.split('|');
    expect(list?.sort()).toEqual([...WORLD_CODES].sort());
  });
});
