import { z } from 'zod';

/** The body of subscribe and unsubscribe (SPEC §7). Authors can be followed so far. */
export const subscriptionSchema = z
  .object({
    subjectId: z.number().int().positive(),
    subjectType: z.literal('author', { message: 'Only authors can be followed so far' }),
    world: z.string().optional(),
  })
  .strict();

export const subscriptionListSchema = z.object({
  type: z.literal('author', { message: 'Only authors can be listed so far' }),
  limit: z.coerce.number().int().min(1).max(200).default(200),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
