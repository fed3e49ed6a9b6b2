/**
 * Jest stand-in for `next/cache`: outside a Next server there is no incremental cache, so
 * cached reads simply run (integration tests then always see the database's current state).
 * `revalidateTag` records its tags; with `outsideRequest` set it throws as Next's does outside a
 * request, so code can be tested for not depending on it.
 */
export const nextCacheStub = {
  revalidatedTags: [] as string[],
  outsideRequest: false,
  reset(): void {
    this.revalidatedTags.length = 0;
    this.outsideRequest = false;
  },
};

export function unstable_cache<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return fn;
}

export function revalidateTag(tag: string): void {
  if (nextCacheStub.outsideRequest)
    throw new Error(`Invariant: static generation store missing in revalidateTag(${JSON.stringify(tag)})`);
  nextCacheStub.revalidatedTags.push(tag);
}

export function revalidatePath(): void {}
