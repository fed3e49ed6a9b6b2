import fs from 'node:fs';
import path from 'node:path';
import { AREA_SEGMENTS } from '@/lib/routing/areas';
import { localizeWord, matchRoute } from '@/lib/routing/localized-routes';
import { ROUTES } from '@/lib/routing/routes';
import { areaMatcherEntries } from './area-matcher';
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

  it('lists exactly the area words of the routing table (npx tsx scripts/generate-proxy-matcher.ts)', () => {
    const source = fs.readFileSync(path.join(process.cwd(), 'proxy.ts'), 'utf8');
    const block = source.match(/area-matcher:start\n([\s\S]*?)\s*\/\/ area-matcher:end/)![1]!;
    const listed = [...block.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(listed).toEqual(areaMatcherEntries());
    for (const entry of listed) expect(entry!.length).toBeLessThanOrEqual(3_800);
  });

  it('lets every area route of every world through, and no internal folder is a path word', () => {
    const words = new Set(areaMatcherEntries().flatMap((entry) => entry.match(/:area\(([^)]+)\)/)![1]!.split('|')));
    const internal = new Set(Object.values(AREA_SEGMENTS));
    for (const world of WORLD_CODES) {
      for (const route of ROUTES) {
        const first = localizeWord(world, route.de.split('/')[0]!);
        if (route.area !== 'public') expect(words.has(first)).toBe(true);
        expect(internal.has(first)).toBe(false);
      }
      for (const segment of internal) expect(matchRoute(world, [segment])).toBeNull();
    }
  });
});
