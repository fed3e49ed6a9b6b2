import 'server-only';
import { eq } from 'drizzle-orm';
import { parseId } from '@/lib/input/schemas';
import { cached } from '@/lib/cache/cached';
import { CACHE_KEYS, TAGS } from '@/lib/cache/tags';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { normalizeHost } from '@/lib/text/host-name';
import { isWorldCode, type WorldCode } from '@/lib/worlds/worlds';

export interface Storefront {
  domain: string;
  authorId: number;
  world: WorldCode;
}

/** The storefront behind an author's custom domain (a host name, normalised here), or null. */
export const getStorefront = cached(
  async (domain: string): Promise<Storefront | null> => {
    const [row] = await getDb()
      .select()
      .from(t.authorDomains)
      .where(eq(t.authorDomains.domain, normalizeHost(domain)));
    if (!row || !isWorldCode(row.world)) return null;
    return { domain: row.domain, authorId: row.authorId, world: row.world };
  },
  CACHE_KEYS.storefront,
  (domain: string) => [TAGS.storefront(domain), TAGS.storefronts],
);

export type StorefrontPage =
  | { kind: 'home' }
  | { kind: 'materials' }
  | { kind: 'blog' }
  | { kind: 'material'; id: number; slug?: string }
  | { kind: 'not-found' };

/** The storefront page of a path on an author's domain: home, blog, materials or one material. */
export function resolveStorefrontPath(segments: string[]): StorefrontPage {
  const [first, second, third, ...rest] = segments;
  if (!first) return { kind: 'home' };
  if (rest.length === 0 && !second && first === 'materials') return { kind: 'materials' };
  if (rest.length === 0 && !second && first === 'blog') return { kind: 'blog' };
  const id = parseId(second);
  if (first === 'material' && id !== null && rest.length === 0) return { kind: 'material', id, slug: third };
  return { kind: 'not-found' };
}
