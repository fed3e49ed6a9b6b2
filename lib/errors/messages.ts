import { getMessages } from '@/lib/i18n/messages';
import { getWorldOrDefault } from '@/lib/worlds/worlds';
import type { ErrorCode } from './app-error';

/**
 * The user-facing text of an error in the world's language: the reason's own text when
 * there is one (`common.apiReasons`, its `{name}` placeholders filled from `values`), else the
 * code's (`common.apiErrors`). Free of Next imports,
 * so server.ts can answer in the error shape before Next is set up.
 */
export function errorMessage(
  world: string,
  code: ErrorCode,
  details: unknown = null,
  values: Readonly<Record<string, string>> = {},
): string {
  const { language, locale } = getWorldOrDefault(world);
  const common = getMessages(language).common;
  if (typeof common !== 'object') return code;
  const reason = (details as { reason?: unknown } | null)?.reason;
  const reasons = common.apiReasons;
  if (typeof reason === 'string' && typeof reasons === 'object' && typeof reasons[reason] === 'string') {
    // `{kinds}`: the details' `kinds` by their names in `common.apiReasonKinds`, listed in the
    // world's way (what a refused PDF carries).
    // Numbers of the details (a limit) are filled in as the locale writes them.
    const filled: Record<string, string> = {
      kinds: kindNames(common.apiReasonKinds, details, locale),
      ...detailNumbers(details, locale),
      ...values,
    };
    return reasons[reason].replace(/\{(\w+)\}/g, (placeholder, name: string) => filled[name] ?? placeholder);
  }
  const errors = common.apiErrors;
  const text = typeof errors === 'object' ? errors[code] : undefined;
  return typeof text === 'string' ? text : code;
}

/** The `kinds` of an error's details by their translated names, as a list of the locale. */
function kindNames(names: unknown, details: unknown, locale: string): string {
  const kinds = (details as { kinds?: unknown } | null)?.kinds;
  if (!Array.isArray(kinds)) return '';
  const named = kinds.map((kind) => {
    const name = typeof names === 'object' && names !== null ? (names as Record<string, unknown>)[String(kind)] : null;
    return typeof name === 'string' ? name : String(kind);
  });
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(named);
}

/** The whole-number fields of an error's details, written as the locale writes numbers. */
function detailNumbers(details: unknown, locale: string): Record<string, string> {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(details))
    if (typeof value === 'number' && Number.isSafeInteger(value)) out[name] = value.toLocaleString(locale);
  return out;
}
