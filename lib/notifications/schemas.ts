import { z } from 'zod';
import { idOrIdTextSchema, idSchema } from '@/lib/input/schemas';
import { MAX_NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE } from './kinds';

/** `GET v1/notifications?limit=&page=`. */
export const notificationListSchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

/** `POST v1/notifications/read`: some ids (others' ids change nothing), or all. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(MAX_NOTIFICATIONS_PAGE_SIZE) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** The page's mark-read buttons without script: one id, or `all`; `page` to come back to. */
export const markReadFormSchema = z
  .object({
    id: idOrIdTextSchema.optional(),
    all: z.literal('1').optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .strict()
  .refine((form) => (form.id === undefined) !== (form.all === undefined), { message: 'id or all' });
