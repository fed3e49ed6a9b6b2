/**
 * One invalidation module: cache keys and tags (TAGS, CACHE_KEYS), cached reads (`cached`), what
 * domain code calls when data changed (`invalidateX`), and the PostgreSQL LISTEN/NOTIFY link that
 * carries invalidations to the other Kreide processes (`startCacheListener`).
 */
export { cached } from './cached';
export { applyTagsLocally, expireEverythingLocally, startCacheListener, stopCacheListener } from './bus';
export {
  invalidateAuthor,
  invalidateDeletedAccount,
  invalidateMaterial,
  invalidateTags,
  invalidateTerms,
  invalidateWorld,
} from './invalidate';
export { CACHE_KEYS, TAGS, parseTag, type CacheKey, type ParsedTag } from './tags';
