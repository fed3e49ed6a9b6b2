import 'server-only';
import { inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { MAX_PAGE_SIZE } from '@/lib/input/schemas';
import { listSubscriptions, type SubscriptionOwner } from './subscriptions';

export interface FollowedAuthor {
  id: number;
  slug: string;
  publicName: string;
}

/** The authors an owner follows, newest first, with what a link to them needs, and the total. */
export async function listFollowedAuthorsOf(
  owner: SubscriptionOwner,
  limit = MAX_PAGE_SIZE,
): Promise<{ items: FollowedAuthor[]; total: number }> {
  const follows = await listSubscriptions(owner, 'author', { limit, page: 1 });
  const ids = follows.items.map((item) => item.subjectId);
  if (ids.length === 0) return { items: [], total: follows.total };
  const rows = await getDb()
    .select({ id: t.users.id, slug: t.users.slug, publicName: t.users.publicName })
    .from(t.users)
    .where(inArray(t.users.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: ids.map((id) => byId.get(id)).filter((row): row is FollowedAuthor => Boolean(row)),
    total: follows.total,
  };
}
