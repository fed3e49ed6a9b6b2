import { z } from 'zod';
import { idSchema, paginationSchema } from '@/lib/input/schemas';

/** The body of subscribe and unsubscribe: subjectId and subjectType. Authors can be followed so far. */
export const subscriptionSchema = z
  .object({
    subjectId: idSchema,
    subjectType: z.literal('author', { message: 'Only authors can be followed so far' }),
    world: z.string().optional(),
  })
  .strict();

export const subscriptionListSchema = z.object({
  type: z.literal('author', { message: 'Only authors can be listed so far' }),
  ...paginationSchema,
});
