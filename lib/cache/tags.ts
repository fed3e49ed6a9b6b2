/**
 * Every cache tag and data-cache key of Kreide. Domain code names what changed through
 * `invalidateX` (lib/cache/invalidate.ts) and never writes a tag or key itself.
 *
 * The scheme: one tag per thing a visitor sees, so a change expires exactly the data and pages
 * built on that thing, plus the lists it appears in:
 * - `material:<id>`   one material's data and every page showing it in full;
 * - `author:<id>`     one account's public face: author profile, the author's materials, posts and
 *                     storefront, member profile (pages tagged so include material pages, which
 *                     show the author's box);
 * - `follows:<id>`    the list of authors one account follows (names of others in it);
 * - `blog-post:<id>`  one blog post;
 * - `world:<code>`    a world's lists and counts (shelves, recommendations, popular authors,
 *                     filters, subject menu);
 * - `popular-authors:<code>` a world's popular-authors shelf alone (follower counts, private
 *                     profiles leaving it), so a follow does not expire the world's other lists;
 * - `storefront:<domain>` which author a custom domain shows;
 * - `terms:<code>`    a world's published terms versions (its terms pages; every world's terms page
 *                     also reads the German world's, whose text fills what a world lacks);
 * - `landings`, `follow-lists`, `storefronts`: lists whose world or members are not known before
 *   they are read (a keyword landing is looked up by id alone) or are gone after a change (an
 *   account deletion removes its follows and domains), expired as a whole;
 * - `*`               everything (an invalidation whose reach could not be read).
 * Pages collect the tags of the data they read (Next adds them to the page's cache entry), so
 * tagging the data is what tags the pages.
 */
import { normalizeHost } from '@/lib/text/host-name';

/** Tag builders and whole-list tags. */
export const TAGS = {
  material: (id: number): string => `material:${checkedId(id)}`,
  author: (id: number): string => `author:${checkedId(id)}`,
  followList: (followerId: number): string => `follows:${checkedId(followerId)}`,
  blogPost: (id: number): string => `blog-post:${checkedId(id)}`,
  /** A seller's own cabinet figures (materials list, sales, evaluation): private, per seller. */
  seller: (id: number): string => `seller:${checkedId(id)}`,
  /** One account's cached private pages (lib/http/private-pages.ts): no data carries it. */
  accountPages: (id: number): string => `account-pages:${checkedId(id)}`,
  world: (code: string): string => `world:${checkedWord(code)}`,
  popularAuthors: (code: string): string => `popular-authors:${checkedWord(code)}`,
  terms: (code: string): string => `terms:${checkedWord(code)}`,
  // Tags travel in a header: a non-ASCII host is written percent-encoded.
  storefront: (domain: string): string => `storefront:${encodeURIComponent(normalizeHost(domain))}`,
  landings: 'landings',
  followLists: 'follow-lists',
  storefronts: 'storefronts',
  all: '*',
} as const;

/**
 * The fixed part of each data-cache key (`unstable_cache` adds the arguments). A new name for a
 * key means no entry cached under the old one can be served, e.g. after a change of what the
 * function may return (the public view of profiles).
 */
export const CACHE_KEYS = {
  authorProfile: 'author-profile-public',
  authorBlog: 'author-blog',
  authorFollowing: 'author-following-public',
  filters: 'filters',
  megaMenu: 'mega-menu',
  keywordLanding: 'keyword-landing',
  lessonLanding: 'lesson-landing',
  schoolLanding: 'school-landing',
  recommendations: 'recommendations',
  relatedMaterials: 'related-materials',
  popularAuthors: 'popular-authors',
  subjectsWithCounts: 'subjects-with-counts',
  blogPost: 'blog-post',
  userProfile: 'user-profile-public',
  homeMaterials: 'home-materials',
  authorMaterials: 'author-materials',
  materialDetail: 'material-detail',
  storefront: 'storefront',
  sellerMaterials: 'seller-materials',
  sellerSales: 'seller-sales',
  sellerEvaluation: 'seller-evaluation',
  sellerDownloads: 'seller-downloads',
  sellerFilterChoices: 'seller-filter-choices',
  sellerVocabulary: 'seller-vocabulary',
  termsDocument: 'terms-document',
} as const;

export type CacheKey = (typeof CACHE_KEYS)[keyof typeof CACHE_KEYS];

/** What a tag names, read back from its text (page-store purges and tests). */
export type ParsedTag =
  | { kind: 'material' | 'author' | 'follows' | 'blog-post' | 'seller' | 'account-pages'; id: number }
  | { kind: 'world' | 'popular-authors' | 'terms'; code: string }
  | { kind: 'storefront'; domain: string }
  | { kind: 'list'; name: string }
  | { kind: 'other'; tag: string };

const LIST_TAGS = new Set<string>([TAGS.landings, TAGS.followLists, TAGS.storefronts, TAGS.all]);

/**
 * Tags only private data and pages carry (a seller's own figures, an account's kept pages): no
 * public page stands for them, so purging the public pages' HTML skips them.
 */
export function isPrivateTag(tag: string): boolean {
  const { kind } = parseTag(tag);
  return kind === 'seller' || kind === 'account-pages';
}

/**
 * Tags that name nothing but kept private pages (lib/http/private-pages.ts): no data
 * carries them, so Next's tag store never needs to hear of them (each would take a place in it).
 */
export function isPagesOnlyTag(tag: string): boolean {
  return parseTag(tag).kind === 'account-pages';
}

/** Reads a tag built by TAGS; anything else (Next's implicit `_N_T_` tags) is `other`. */
export function parseTag(tag: string): ParsedTag {
  if (LIST_TAGS.has(tag)) return { kind: 'list', name: tag };
  const colon = tag.indexOf(':');
  const kind = tag.slice(0, colon);
  const value = tag.slice(colon + 1);
  if (
    colon > 0 &&
    (kind === 'material' ||
      kind === 'author' ||
      kind === 'follows' ||
      kind === 'blog-post' ||
      kind === 'seller' ||
      kind === 'account-pages')
  ) {
    const id = Number(value);
    if (/^\d+$/.test(value) && Number.isSafeInteger(id)) return { kind, id };
  }
  if (colon > 0 && (kind === 'world' || kind === 'popular-authors' || kind === 'terms') && /^[a-z]{2}$/.test(value))
    return { kind, code: value };
  if (colon > 0 && kind === 'storefront' && value) return { kind, domain: value };
  return { kind: 'other', tag };
}

// A tag is also a header value and a NOTIFY payload: ids are whole numbers, world codes two letters.
function checkedId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 0) throw new TypeError(`cache tag: not an id: ${id}`);
  return id;
}

function checkedWord(code: string): string {
  if (!/^[a-z]{2}$/.test(code)) throw new TypeError(`cache tag: not a world code: ${code}`);
  return code;
}
