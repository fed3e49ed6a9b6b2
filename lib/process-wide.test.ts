import { PROCESS_WIDE_STATE, processWide, type ProcessWideName } from './process-wide.cjs';

// Every typed name once: tsc refuses a missing or unknown one, the test below a runtime list
// that differs.
const TYPED_NAMES: Record<ProcessWideName, true> = {
  database: true,
  jobs: true,
  'cache-listener': true,
  'tag-store': true,
  'next-cache-handler': true,
  'page-store': true,
  'render-tags': true,
  'author-domains': true,
  'session-secret': true,
  'cache-tag-watchers': true,
  'search-index': true,
};

/** Loads a fresh copy of a module, as each of Next's module graphs has its own. */
function separateCopy<T>(path: string): T {
  let copy: T | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second copy of the module, as Next's own graph has
    copy = require(path) as T;
  });
  return copy!;
}

describe('process-wide state', () => {
  it('lists each piece once, with its owner, as the type does', () => {
    expect(Object.keys(PROCESS_WIDE_STATE).sort()).toEqual(Object.keys(TYPED_NAMES).sort());
    for (const owner of Object.values(PROCESS_WIDE_STATE)) expect(owner).toMatch(/^lib\/\S+\.(?:ts|cjs): /);
  });

  it('is one instance per name, whichever copy of the registry asks first', () => {
    const first = separateCopy<typeof import('./process-wide.cjs')>('./process-wide.cjs');
    const second = separateCopy<typeof import('./process-wide.cjs')>('./process-wide.cjs');
    expect(first).not.toBe(second);
    const made = first.processWide('page-store', () => ({ made: 'first' }));
    const create = jest.fn(() => ({ made: 'second' }));
    expect(second.processWide('page-store', create)).toBe(made);
    expect(create).not.toHaveBeenCalled();
  });

  it('is shared by two copies of an owner module: what one changes, the other sees', () => {
    type TagStore = typeof import('@/lib/cache/tag-store.cjs');
    const one = separateCopy<TagStore>('@/lib/cache/tag-store.cjs');
    const other = separateCopy<TagStore>('@/lib/cache/tag-store.cjs');
    one.resetTagStore();
    one.expireTags(['world:it'], 7000);
    expect(other.expiredAt('world:it')).toBe(7000);
    other.resetTagStore();
    expect(one.expiredAt('world:it')).toBeUndefined();
  });

  it('refuses a name that is not listed', () => {
    expect(() => processWide('not-a-listed-name' as ProcessWideName, () => ({}))).toThrow(
      /list it in lib\/process-wide\.cjs/,
    );
    expect(Object.getOwnPropertySymbols(globalThis)).not.toContain(Symbol.for('kreide.not-a-listed-name'));
  });
});
