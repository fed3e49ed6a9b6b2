import { z } from 'zod';

/** E-mail as entered: the one shared schema (lib/input/schemas.ts). */
export { emailSchema } from '@/lib/input/schemas';

/** At least 8 characters; long passphrases welcome, up to 200 (argon2 input stays bounded). */
export const passwordSchema = z
  .string()
  .min(8, { message: 'At least 8 characters' })
  .max(200, { message: 'At most 200 characters' });

export const publicNameSchema = z
  .string()
  .trim()
  .min(2, { message: 'At least 2 characters' })
  .max(80, { message: 'At most 80 characters' });

/** A mailed token as it appears in a link. */
export const mailedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Invalid or expired link' });
