import { Lru } from './lru.cjs';

const entry = (bytes: number) => ({ bytes });

describe('Lru', () => {
  it('pushes out the least recently used entry past its count', () => {
    const lru = new Lru<{ bytes: number }>(2, 1000);
    lru.set('a', entry(1));
    lru.set('b', entry(1));
    lru.get('a');
    lru.set('c', entry(1));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.size).toBe(2);
  });

  it('pushes out entries past its bytes, and refuses one larger than the whole budget', () => {
    const lru = new Lru<{ bytes: number }>(10, 100);
    lru.set('a', entry(40));
    lru.set('b', entry(40));
    lru.set('c', entry(40));
    expect(lru.get('a')).toBeUndefined();
    expect(lru.bytes).toBe(80);
    expect(lru.set('huge', entry(101))).toBe(false);
    expect(lru.size).toBe(2);
  });

  it('tells its owner of every entry that leaves: deleted, replaced, pushed out or cleared', () => {
    const removed: string[] = [];
    const lru = new Lru<{ bytes: number }>(2, 1000, (key) => removed.push(key));
    lru.set('a', entry(1));
    lru.set('a', entry(2));
    lru.set('b', entry(1));
    lru.set('c', entry(1));
    lru.delete('b');
    lru.clear();
    expect(removed).toEqual(['a', 'a', 'b', 'c']);
    expect(lru.bytes).toBe(0);
  });
});
