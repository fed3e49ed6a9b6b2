import type { WorldCode } from '@/lib/worlds/worlds';
import { searchWorldIndex } from './memory-engine';
import { boundedDistance, MemoryIndex, topOf, type IndexedMaterial } from './memory-index';
import { searchParamsSchema } from './params';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 1);

function material(id: number, overrides: Partial<IndexedMaterial> = {}): IndexedMaterial {
  return {
    id,
    world: 'de',
    title: `Material ${id}`,
    description: '',
    authorId: 1,
    priceCents: 300,
    salePriceCents: null,
    saleEndsAt: null,
    salesCount: 0,
    createdAt: NOW - id * DAY,
    subjects: [],
    grades: [],
    learningYears: [],
    materialTypes: [],
    schoolTypes: [],
    ...overrides,
  };
}

function indexOf(...materials: IndexedMaterial[]): MemoryIndex {
  const index = new MemoryIndex();
  for (const m of materials) index.put(m);
  return index;
}

function search(index: MemoryIndex, query: string, world: WorldCode = 'de') {
  const params = searchParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)));
  return searchWorldIndex(index.world(world), params, { limit: 24, offset: (params.page - 1) * 24, facets: true }, NOW);
}

describe('the in-memory search index', () => {
  it('puts a title match before a description match, and the word as typed before another form', () => {
    const index = indexOf(
      material(1, { title: 'Arbeitsblatt', description: 'Brüche kürzen', salesCount: 900 }),
      material(2, { title: 'Brüchen auf der Spur', salesCount: 50 }),
      material(3, { title: 'Brüche kürzen', salesCount: 10 }),
    );
    expect(search(index, 'q=Brüche').ids).toEqual([3, 2, 1]);
  });

  it('breaks ties by sales, then by the newer material', () => {
    const index = indexOf(
      material(1, { title: 'Märchen', salesCount: 5, createdAt: NOW - 10 * DAY }),
      material(2, { title: 'Märchen', salesCount: 9, createdAt: NOW - 20 * DAY }),
      material(3, { title: 'Märchen', salesCount: 5, createdAt: NOW - DAY }),
    );
    expect(search(index, 'q=Märchen').ids).toEqual([2, 3, 1]);
  });

  it('needs every word, ignores accents and stop words, and finds a title pasted whole', () => {
    const index = indexOf(
      material(1, { title: 'Einmaleins – Material für die Freiarbeit (Klasse 1)' }),
      material(2, { title: 'Einmaleins Klasse 2' }),
    );
    expect(search(index, `q=${encodeURIComponent('Einmaleins – Material für die Freiarbeit (Klasse 1)')}`).ids).toEqual(
      [1],
    );
    expect(search(index, 'q=einmaleins+freiarbeit').ids).toEqual([1]);
    expect(search(index, 'q=für+die').total).toBe(0);
  });

  it('leaves out -words and reads quoted words exactly', () => {
    const index = indexOf(
      material(1, { title: 'Brüche kürzen' }),
      material(2, { title: 'Brüche erweitern' }),
      material(3, { title: 'Bruch und Dezimalzahl' }),
    );
    expect(search(index, `q=${encodeURIComponent('Brüche -kürzen')}`).ids.sort()).toEqual([2, 3]);
    expect(search(index, `q=${encodeURIComponent('"Brüche"')}`).ids.sort()).toEqual([1, 2]);
  });

  it('ranks quoted words standing together in a title first', () => {
    const together = indexOf(
      material(1, { title: 'Pythagoras und der Satz', salesCount: 100 }),
      material(2, { title: 'Satz Pythagoras' }),
    );
    expect(search(together, `q=${encodeURIComponent('"Satz Pythagoras"')}`).ids).toEqual([2, 1]);
  });

  it('corrects a misspelt word to the closest word of the titles and says so', () => {
    const index = indexOf(material(1, { title: 'Bruchrechnung' }), material(2, { title: 'Bruchrechnung üben' }));
    const result = search(index, 'q=Bruchrechnug+%C3%BCben');
    expect(result.correctedQuery).toBe('Bruchrechnung üben');
    expect(result.ids).toEqual([2]);
    const nonsense = search(index, 'q=zzqxj');
    expect(nonsense.total).toBe(0);
    expect(nonsense.suggestion).toBeNull();
    expect(nonsense.correctedQuery).toBeNull();
  });

  it('offers a corrected query that still finds nothing as a suggestion, the rest as typed', () => {
    const index = indexOf(
      material(1, { world: 'gr', title: 'Κλάσματα' }),
      material(2, { world: 'gr', title: 'Σύνταξη' }),
    );
    const result = search(index, `q=${encodeURIComponent('Κλάσματα – Σύντξαη')}`, 'gr');
    expect(result.total).toBe(0);
    expect(result.suggestion).toBe('Κλάσματα – Σύνταξη');
  });

  it('filters, counts each filter value over the hits, and sorts by the price paid now', () => {
    const index = indexOf(
      material(1, { subjects: [10], grades: [5, 6], schoolTypes: ['grundschule'], priceCents: 0 }),
      material(2, { subjects: [10], grades: [6], priceCents: 500, salePriceCents: 100, saleEndsAt: NOW + DAY }),
      material(3, { subjects: [11], grades: [6], priceCents: 200, salePriceCents: 50, saleEndsAt: NOW - DAY }),
      material(4, { subjects: [10], grades: [7], priceCents: 400, salesCount: 3 }),
    );
    const all = search(index, '');
    expect(all.total).toBe(4);
    expect(Object.fromEntries(all.facets.subject)).toEqual({ 10: 3, 11: 1 });
    expect(Object.fromEntries(all.facets.class_grade)).toEqual({ 5: 1, 6: 3, 7: 1 });
    expect(Object.fromEntries(all.facets.school_type)).toEqual({ grundschule: 1 });
    expect(all.price).toEqual({ free: 1, paid: 3 });
    expect(all.ids[0]).toBe(4);
    expect(search(index, 'sort=price_asc').ids).toEqual([1, 2, 3, 4]);
    expect(search(index, 'sort=price_desc').ids).toEqual([4, 3, 2, 1]);
    expect(search(index, 'subject=10&class_grade=6').ids.sort()).toEqual([1, 2]);
    expect(search(index, 'price=paid&price_max=1.5').ids.sort()).toEqual([2]);
    expect(search(index, 'school_type=grundschule').ids).toEqual([1]);
    expect(search(index, 'subject=999').total).toBe(0);
    expect(search(index, 'author=2').total).toBe(0);
  });

  it('keeps the whole list and its counts only until a material changes', () => {
    const index = indexOf(
      material(1, { subjects: [10], salesCount: 5 }),
      material(2, { subjects: [11], salesCount: 9 }),
    );
    expect(search(index, '').ids).toEqual([2, 1]);
    expect(Object.fromEntries(search(index, '').facets.subject)).toEqual({ 10: 1, 11: 1 });
    index.put(material(3, { subjects: [10], salesCount: 7 }));
    expect(search(index, '').ids).toEqual([2, 3, 1]);
    expect(Object.fromEntries(search(index, '').facets.subject)).toEqual({ 10: 2, 11: 1 });
    index.remove(2);
    expect(search(index, '').ids).toEqual([3, 1]);
    expect(search(index, 'subject=11').total).toBe(0);
    expect(search(index, 'subject=10,11').ids).toEqual([3, 1]);
  });

  it('pages through the hits in order', () => {
    const index = indexOf(...Array.from({ length: 60 }, (_, i) => material(i + 1, { salesCount: i })));
    const pages = [1, 2, 3].map((page) => search(index, `page=${page}`).ids);
    expect(pages.map((ids) => ids.length)).toEqual([24, 24, 12]);
    expect(pages.flat()).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i));
    expect(search(index, 'sort=newest').ids.slice(0, 3)).toEqual([1, 2, 3]);
  });

  it('replaces a changed material, takes out a removed one, and follows a change of world', () => {
    const index = indexOf(material(1, { title: 'Märchen' }));
    index.put(material(1, { title: 'Gedichte' }));
    expect(search(index, 'q=Märchen').total).toBe(0);
    expect(search(index, 'q=Gedichte').ids).toEqual([1]);
    index.put(material(1, { title: 'Gedichte', world: 'gr' }));
    expect(search(index, 'q=Gedichte').total).toBe(0);
    expect(search(index, 'q=Gedichte', 'gr').ids).toEqual([1]);
    index.remove(1);
    expect(search(index, '', 'gr').total).toBe(0);
    // A word only a removed material's title had is no longer corrected to.
    expect(search(index, 'q=Gedichtee', 'gr').correctedQuery).toBeNull();
  });

  it('stems Bulgarian and segments Chinese titles', () => {
    const index = indexOf(
      material(1, { world: 'bg', title: 'Задачи по математика' }),
      material(2, { world: 'cn', title: '我们的数学练习题' }),
    );
    expect(search(index, `q=${encodeURIComponent('задача')}`, 'bg').ids).toEqual([1]);
    expect(search(index, `q=${encodeURIComponent('数学')}`, 'cn').ids).toEqual([2]);
  });
});

describe('topOf', () => {
  it('keeps the first items in order without sorting them all', () => {
    const items = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5000);
    expect(topOf(items, 5, (a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    expect(topOf(items, 0, (a, b) => a - b)).toEqual([]);
  });
});

describe('boundedDistance', () => {
  it('counts edits up to the limit, a swap as one', () => {
    expect(boundedDistance('bruchrechnug', 'bruchrechnung', 2)).toBe(1);
    expect(boundedDistance('maerchen', 'mearchen', 2)).toBe(1);
    expect(boundedDistance('abc', 'xyzabc', 2)).toBe(3);
  });
});
