/** Runs `render` with `tags` as its request's recording of the cache tags it reads. */
export function recordRenderTags<T>(tags: Set<string>, render: () => T): T;
/** Notes `tags` (but Next's implicit path tags) in the current request's recording, if any. */
export function noteRenderTags(tags: Iterable<string> | undefined): void;
