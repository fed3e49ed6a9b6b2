import type english from '@/messages/en/cabinet-settings.json';

/** The texts of the `cabinet-settings` group (de and en complete; other languages fall back per key). */
export type CabinetTexts = typeof english;
export type CommonTexts = CabinetTexts['common'];
export type ErrorTexts = CabinetTexts['errors'];

/** Per-field error texts of a section: field → error kind → text. */
export type FieldErrorTexts = Record<string, Record<string, string>>;

/**
 * The text for a field's error in the user's language: the section's own text for that field
 * and kind, else the general text of the kind, else the general "please check".
 */
export function errorText(kind: string, field: string, general: ErrorTexts, section?: FieldErrorTexts): string {
  return section?.[field]?.[kind] ?? (general as Record<string, string>)[kind] ?? general.invalid;
}

export { fill } from '@/lib/text/fill';
