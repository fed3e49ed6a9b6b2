import fs from 'node:fs';
import path from 'node:path';
import { VOCABULARIES } from '@/lib/seed/vocabulary';
import { MAIN_WORLDS } from '@/lib/worlds/worlds';
import { benchQueryString, benchSearchPaths, readBenchQueries, type FilterTitles } from './search-queries';

/** Filter titles as a seeded database has them: the demo vocabulary's, with made-up ids. */
function titlesOf(world: (typeof MAIN_WORLDS)[number]): FilterTitles {
  const vocabulary = VOCABULARIES[world];
  const ids = (titles: string[]) => new Map(titles.map((title, i) => [title, i + 1]));
  return {
    subject: ids(vocabulary.subjects.map((s) => s.title)),
    class_grade: ids(vocabulary.grades),
    learning_years: ids(vocabulary.learningYears),
    material_type: ids(vocabulary.materialTypes.map((t) => t.title)),
  };
}

describe('the bench’s distinct searches', () => {
  it.each(MAIN_WORLDS)(
    'holds at least 2,000 distinct searches in %s, filtered and filter-only ones among them',
    (world) => {
      const lines = readBenchQueries(world);
      const texts = lines.map((pairs) => pairs.map((pair) => pair.join('=')).join('&'));
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts.length).toBeGreaterThanOrEqual(2000);
      expect(lines.filter((pairs) => pairs.some(([name]) => name === 'subject')).length).toBeGreaterThan(200);
      expect(lines.filter((pairs) => pairs.every(([name]) => name !== 'q')).length).toBeGreaterThan(200);
      const words = lines.flatMap((pairs) =>
        pairs.filter(([name]) => name === 'q').map(([, q]) => q!.split(' ').length),
      );
      expect(words.filter((n) => n === 1).length).toBeGreaterThan(300);
      expect(words.filter((n) => n === 2).length).toBeGreaterThan(300);
    },
  );

  it('resolves every filter title of every line against the demo catalogue', () => {
    for (const world of MAIN_WORLDS) {
      const titles = titlesOf(world);
      const unresolved = readBenchQueries(world).filter((pairs) => benchQueryString(pairs, titles) === null);
      expect(unresolved).toEqual([]);
    }
  });

  it('is what the bench loads', async () => {
    const paths = await benchSearchPaths(async (world) => titlesOf(world));
    expect(paths.length).toBe(MAIN_WORLDS.reduce((n, world) => n + readBenchQueries(world).length, 0));
    expect(paths[0]).toMatch(/^\/de\/suchergebnisse\?/);
    expect(paths[1]).toMatch(/^\/es\//);
    const bench = fs.readFileSync(path.join(__dirname, '..', 'bench-search.ts'), 'utf8');
    expect(bench).toContain('benchSearchPaths(');
    expect(fs.readFileSync(path.join(__dirname, '..', 'bench.ts'), 'utf8')).toContain('searchRows(');
  });
});
