// A least-recently-used map bounded by entries and by bytes: the one LRU of the process's caches,
// Next's cache handler (lib/http/route-cache-handler.cjs) and the page store (lib/http/page-store.ts).
// Plain CommonJS, so the handler, which Next loads at run time outside its bundler, can use it.
// Typed by lru.d.cts.

class Lru {
  /**
   * @param {number} maxEntries
   * @param {number} maxBytes
   * @param {(key: string, entry: { bytes: number }) => void} [onRemove] told of every entry that leaves, whether
   *   deleted, replaced or pushed out, so an owner can keep an index of the keys in step
   */
  constructor(maxEntries, maxBytes, onRemove) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.onRemove = onRemove;
    this.totalBytes = 0;
    /** @type {Map<string, { bytes: number }>} */
    this.entries = new Map();
  }

  /** The entry, now the most recently used. @param {string} key */
  get(key) {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Stores an entry, pushing the least recently used ones out while over a bound. Returns whether
   * it was stored: an entry larger than the whole budget would only push everything else out.
   * @param {string} key @param {{ bytes: number }} entry
   */
  set(key, entry) {
    this.delete(key);
    if (entry.bytes > this.maxBytes) return false;
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return true;
  }

  /** Removes an entry; returns whether there was one. @param {string} key */
  delete(key) {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
    if (this.onRemove) this.onRemove(key, entry);
    return true;
  }

  /** Removes every entry. */
  clear() {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  get size() {
    return this.entries.size;
  }

  get bytes() {
    return this.totalBytes;
  }
}

module.exports = { Lru };
