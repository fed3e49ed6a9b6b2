/** The logged-in flag ('1'), also written by the login form (components/accounts/login-form.tsx). */
export const LOGGED_IN_KEY = 'kreide_logged_in';
/** The id of the user this browser last validated as, for the wrong-account check. */
export const USER_ID_KEY = 'kreide_user_id';
/** The cart token. */
export const CART_TOKEN_KEY = 'kreide_cart_token';

const PROBE_KEY = 'kreide_probe';

/**
 * The few values the browser keeps for the session: the logged-in flag, the user id and the cart
 * token. Never the access token: the web's token lives in the httpOnly cookie.
 */
export interface SessionStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Empties the tab's session storage (logout). */
  clearSession(): void;
  /** False when local storage cannot be used and values live only as long as the page. */
  isPersistent(): boolean;
}

/**
 * Local storage with a fallback to memory when it is unusable: some browsers throw when it is
 * touched at all (storage blocked), others only on setItem (full, or old private modes). Every
 * write also goes to memory, so a value written once stays readable for the page's life.
 */
export function createSessionStorage(local: () => Storage, session?: () => Storage): SessionStorage {
  const memory = new Map<string, string>();
  let usable: boolean | undefined;

  function persistent(): boolean {
    if (usable !== undefined) return usable;
    try {
      const store = local();
      store.setItem(PROBE_KEY, '1');
      store.removeItem(PROBE_KEY);
      usable = true;
    } catch {
      usable = false;
    }
    return usable;
  }

  return {
    get(key) {
      // While local storage works it is the truth (another tab may have logged out); memory only
      // answers for what this page could not write there.
      if (!persistent() && memory.has(key)) return memory.get(key) ?? null;
      try {
        return local().getItem(key);
      } catch {
        usable = false;
        return memory.get(key) ?? null;
      }
    },
    set(key, value) {
      memory.set(key, value);
      if (!persistent()) return;
      try {
        local().setItem(key, value);
      } catch {
        usable = false;
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        local().removeItem(key);
      } catch {
        // Unusable storage holds nothing to remove.
      }
    },
    clearSession() {
      try {
        session?.().clear();
      } catch {
        // Unusable session storage holds nothing to clear.
      }
    },
    isPersistent: persistent,
  };
}
