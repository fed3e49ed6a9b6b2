import { getMessages } from '@/lib/i18n/messages';
import { getWorldOrDefault } from '@/lib/worlds/worlds';
import type { ErrorCode } from './errors';

/**
 * The user-facing text of an API error in the world's language: the reason's own text when
 * there is one (`common.apiReasons`, its `{name}` placeholders filled from `values`), else the
 * code's (`common.apiErrors`). Free of Next imports,
 * so server.ts can answer in the error shape before Next is set up.
 */
export function apiErrorMessage(
  world: string,
  code: ErrorCode,
  details: unknown = null,
  values: Readonly<Record<string, string>> = {},
): string {
  const common = getMessages(getWorldOrDefault(world).language).common;
  if (typeof common !== 'object') return code;
  const reason = (details as { reason?: unknown } | null)?.reason;
  const reasons = common.apiReasons;
  if (typeof reason === 'string' && typeof reasons === 'object' && typeof reasons[reason] === 'string')
    return reasons[reason].replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
  const errors = common.apiErrors;
  const text = typeof errors === 'object' ? errors[code] : undefined;
  return typeof text === 'string' ? text : code;
}
