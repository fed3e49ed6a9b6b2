/** A Web Storage in memory for tests, optionally broken the ways real browsers break it. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  constructor(private readonly broken: 'none' | 'access' | 'setItem' = 'none') {}

  private check(write = false) {
    if (this.broken === 'access' || (write && this.broken === 'setItem'))
      throw new DOMException('The operation is insecure.', 'SecurityError');
  }

  get length() {
    this.check();
    return this.items.size;
  }

  clear() {
    this.check();
    this.items.clear();
  }

  getItem(key: string) {
    this.check();
    return this.items.get(key) ?? null;
  }

  key(index: number) {
    this.check();
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string) {
    this.check();
    this.items.delete(key);
  }

  setItem(key: string, value: string) {
    this.check(true);
    this.items.set(key, String(value));
  }
}
