/** Marks `tags` as changed at `at` (default now). */
export function expireTags(tags: Iterable<string>, at?: number): void;
/** Marks everything as changed at `at` (default now). */
export function expireAll(at?: number): void;
/** True when an entry made at `since` under `tags` is out of date. */
export function isExpired(tags: Iterable<string>, since: number): boolean;
/** When one tag last changed, if it is still remembered. */
export function expiredAt(tag: string): number | undefined;
/** Forgets every timestamp (tests only). */
export function resetTagStore(): void;
/** How many tag timestamps are kept before the oldest half is folded into the floor. */
export const MAX_TAGS: number;
