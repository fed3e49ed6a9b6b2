import type { HtmlCache } from '@/lib/http/html-cache';
import { decodePathSegments } from '@/lib/routing/decode-path';
import { matchRoute, pathFor } from '@/lib/routing/localized-routes';
import { WORLD_CODES, isWorldCode } from '@/lib/worlds/worlds';
import { TAGS, isPrivateTag, parseTag } from './tags';

/**
 * The tags a page in the in-process HTML cache stands for, read from its key (`host|url|encoding`):
 * the same tags its data carries in Next's cache. An entity page (material, author, member, blog
 * post) stands for that entity; a landing for the landings and its world's lists; any other page
 * of a world (home, search, offers, …) for the world's lists. Null for a key that names no page
 * of a world.
 */
export function pageTagsOfKey(key: string): string[] | null {
  const first = key.indexOf('|');
  const last = key.lastIndexOf('|');
  if (first === -1 || last <= first) return null;
  const url = key.slice(first + 1, last);
  const raw = url.split('?')[0]!.split('/').filter(Boolean);
  const segments = url.includes('%') ? decodePathSegments(raw) : raw;
  const world = segments?.[0];
  if (!segments || !isWorldCode(world)) return null;
  const match = matchRoute(world, segments.slice(1));
  const id = parseId(match?.params.id);
  switch (match?.route.id) {
    case 'material':
      if (id !== null) return [TAGS.material(id)];
      break;
    case 'author':
      // The "following" tab lists other authors by name.
      if (id !== null) return [TAGS.author(id), TAGS.followList(id), TAGS.followLists];
      break;
    case 'user-profile':
      if (id !== null) return [TAGS.author(id)];
      break;
    case 'blog-post':
      if (id !== null) return [TAGS.blogPost(id)];
      break;
    case 'home':
      // The only page with the popular-authors shelf.
      return [TAGS.world(world), TAGS.popularAuthors(world)];
    case 'keyword-landing':
    case 'lesson-landing':
    case 'school-landing':
      return [TAGS.landings, TAGS.world(world)];
  }
  return [TAGS.world(world)];
}

/** Past this many authors at once their pages are found in the one pass over all keys. */
const PREFIX_PURGE_LIMIT = 4;

/**
 * Drops the cached HTML of every page standing for one of `tags` (pageTagsOfKey). A key that
 * names no page of a world is dropped too: it cannot be told apart, and dropping costs one render.
 * The usual case, one author's profile change, is a handful of path-prefix purges (every world,
 * any slug, tab or query); anything else is one pass over the keys.
 */
export function purgeHtmlPages(cache: HtmlCache, tags: Iterable<string>): void {
  // A private tag concerns no public page: without this, every sale and every write of a
  // signed-in account would cost a pass over all cached pages, and drop those of no world.
  const wanted = new Set([...tags].filter((tag) => !isPrivateTag(tag)));
  if (wanted.size === 0) return;
  const authors = [...wanted].map(parseTag).flatMap((tag) => (tag.kind === 'author' ? [tag.id] : []));
  if (authors.length <= PREFIX_PURGE_LIMIT) {
    for (const id of authors) {
      purgeAuthorPrefixes(cache, id);
      wanted.delete(TAGS.author(id));
    }
  }
  if (wanted.size === 0) return;
  cache.purgeWhere((key) => {
    const own = pageTagsOfKey(key);
    return own === null || own.some((tag) => wanted.has(tag));
  });
}

/** An author's author pages and member profile in every world, by path prefix. */
function purgeAuthorPrefixes(cache: HtmlCache, id: number): void {
  for (const world of WORLD_CODES) {
    const prefixes = [
      pathFor(world, 'author', { id: String(id), slug: '-' }).slice(0, -2),
      pathFor(world, 'user-profile', { id: String(id) }),
    ];
    // Cache keys are `host|url|encoding`: match the path exactly up to a following / ? or |.
    for (const prefix of prefixes) for (const next of ['/', '?', '|']) cache.purge(`|${prefix}${next}`);
  }
}

function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
