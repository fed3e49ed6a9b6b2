/**
 * Notifications for many recipients at once, through the jobs' fan-out (lib/jobs/fan-out.ts):
 * an author's followers when the author publishes a material. A job module: no `server-only`.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { idSchema } from '@/lib/input/schemas';
import { defineFanOut } from '@/lib/jobs/fan-out';
import { notifyAuthorPublished } from './producers';

/**
 * A material's first publication, to everyone who follows its author, 1,000 followers a batch;
 * a batch run again adds nothing twice (notifyAuthorPublished skips who has it already).
 */
export const authorPublishedFanOut = defineFanOut({
  name: 'author-published-notifications',
  event: z.object({ authorId: idSchema, materialId: idSchema }).strict(),
  key: ({ materialId }) => String(materialId),
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 60,
  concurrency: 2,
  recipients: async ({ authorId }, after, limit) => {
    const rows = await getDb()
      .select({ followerId: t.authorFollows.followerId })
      .from(t.authorFollows)
      .where(
        and(eq(t.authorFollows.authorId, authorId), after === null ? undefined : gt(t.authorFollows.followerId, after)),
      )
      .orderBy(asc(t.authorFollows.followerId))
      .limit(limit);
    return rows.map((row) => row.followerId);
  },
  deliver: async ({ materialId }, followerIds, tx) => {
    await notifyAuthorPublished(tx, followerIds, materialId);
  },
});
