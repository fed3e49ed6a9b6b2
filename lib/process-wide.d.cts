/**
 * The names of process-wide state. PROCESS_WIDE_STATE in process-wide.cjs says who owns each and
 * why; lib/process-wide.test.ts keeps the two lists equal.
 */
export type ProcessWideName =
  | 'database'
  | 'jobs'
  | 'cache-listener'
  | 'tag-store'
  | 'next-cache-handler'
  | 'page-store'
  | 'render-tags'
  | 'author-domains'
  | 'session-secret'
  | 'cache-tag-watchers'
  | 'search-index';

/** Every piece of process-wide state: its owner and why one per process. */
export const PROCESS_WIDE_STATE: Readonly<Record<ProcessWideName, string>>;

/**
 * The one value of `name` in this process, whichever module graph asks: made by `create` on the
 * first call, the same object afterwards. State that changes is kept as fields of that object.
 */
export function processWide<T>(name: ProcessWideName, create: () => T): T;
