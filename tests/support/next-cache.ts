/**
 * Jest stand-in for `next/cache`: outside a Next server there is no incremental cache, so
 * cached reads simply run (integration tests then always see the database's current state).
 */
export function unstable_cache<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return fn;
}

export function revalidateTag(): void {}
export function revalidatePath(): void {}
