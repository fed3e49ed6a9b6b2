import { unstable_cache } from 'next/cache';
import type { CacheKey } from './tags';

/**
 * A cached read whose tags depend on its arguments: `cached(getX, CACHE_KEYS.x, (id) => [TAGS.x(id)])`.
 * `unstable_cache` takes its tags once, when it is created, so the wrapper is made per call; its
 * key (the function's source, the fixed key and the arguments) is the same each time, so every
 * call with the same arguments meets the same entry. The tags reach the page being rendered too
 * (Next collects them into the page's cache entry), which is what lets one author's change expire
 * that author's pages.
 * The arguments are typed `any[]` as in unstable_cache: a parameter with a default value
 * (`limit = 20`) then keeps the type of its default, which `unknown[]` would override.
 * @param revalidate seconds after which an entry is refreshed in the background even untouched.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same signature as unstable_cache (see above)
export function cached<F extends (...args: any[]) => Promise<unknown>>(
  read: F,
  key: CacheKey,
  tags: NoInfer<(...args: Parameters<F>) => string[]>,
  revalidate = 300,
): F {
  return ((...args: Parameters<F>) => unstable_cache(read, [key], { tags: tags(...args), revalidate })(...args)) as F;
}
