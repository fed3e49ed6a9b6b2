import { LOGGED_IN_KEY, createSessionStorage } from './storage';
import { MemoryStorage } from './testing/memory-storage';

describe('session storage', () => {
  it('uses local storage while it works, so another tab logging out is seen', () => {
    const local = new MemoryStorage();
    const storage = createSessionStorage(() => local);
    storage.set(LOGGED_IN_KEY, '1');
    expect(local.getItem(LOGGED_IN_KEY)).toBe('1');
    expect(storage.isPersistent()).toBe(true);
    local.removeItem(LOGGED_IN_KEY);
    expect(storage.get(LOGGED_IN_KEY)).toBeNull();
  });

  it('falls back to memory when local storage throws on access', () => {
    const storage = createSessionStorage(() => new MemoryStorage('access'));
    expect(storage.get(LOGGED_IN_KEY)).toBeNull();
    storage.set(LOGGED_IN_KEY, '1');
    expect(storage.get(LOGGED_IN_KEY)).toBe('1');
    expect(storage.isPersistent()).toBe(false);
    storage.remove(LOGGED_IN_KEY);
    expect(storage.get(LOGGED_IN_KEY)).toBeNull();
  });

  it('falls back to memory when only setItem throws, still reading what was stored before', () => {
    const local = new MemoryStorage();
    local.setItem('kreide_cart_token', 'c1');
    const broken = Object.assign(Object.create(local) as Storage, {
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    });
    const storage = createSessionStorage(() => broken);
    storage.set(LOGGED_IN_KEY, '1');
    expect(storage.get(LOGGED_IN_KEY)).toBe('1');
    expect(storage.get('kreide_cart_token')).toBe('c1');
    expect(storage.isPersistent()).toBe(false);
  });

  it('falls back to memory when getting local storage itself throws (blocked storage)', () => {
    const storage = createSessionStorage(() => {
      throw new DOMException('Access is denied', 'SecurityError');
    });
    storage.set('kreide_user_id', '7');
    expect(storage.get('kreide_user_id')).toBe('7');
  });

  it('clears the tab session storage, and survives when that is unusable', () => {
    const tab = new MemoryStorage();
    tab.setItem('x', '1');
    createSessionStorage(
      () => new MemoryStorage(),
      () => tab,
    ).clearSession();
    expect(tab.length).toBe(0);
    expect(() =>
      createSessionStorage(
        () => new MemoryStorage(),
        () => new MemoryStorage('access'),
      ).clearSession(),
    ).not.toThrow();
  });
});
