/** A least-recently-used map bounded by entries and by bytes (lru.cjs). */
export class Lru<E extends { bytes: number }> {
  /** `onRemove` is told of every entry that leaves: deleted, replaced or pushed out. */
  constructor(maxEntries: number, maxBytes: number, onRemove?: (key: string, entry: E) => void);
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** The entry, now the most recently used. */
  get(key: string): E | undefined;
  /** Stores an entry, pushing the least recently used out; false when it exceeds the whole budget. */
  set(key: string, entry: E): boolean;
  /** Removes an entry; returns whether there was one. */
  delete(key: string): boolean;
  /** Removes every entry. */
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}
