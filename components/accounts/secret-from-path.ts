// Read when the page's script first loads, before hydration: the server renders pages with a
// mailed token under a placeholder path (lib/http/secret-paths.ts), and the framework then sets
// the address bar to that path.
const initialPathname = typeof window === 'undefined' ? '' : window.location.pathname;

/** The last path segment of the address the visitor opened (the mailed token or code). */
export function secretFromPath(): string {
  const current = window.location.pathname;
  const path = current.endsWith('/-') ? initialPathname : current;
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
