const UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file's size as its reader expects it: in the locale's own number format and unit names
 * ("1,5 MB", "340 ko"), in kB below a megabyte and MB below a gigabyte (decimal units, as Intl's
 * kilobyte and file managers count them), one decimal below 10 of a unit and none above.
 * A file that has bytes never reads as 0: a few bytes are "0.1 kB", rounded up, not down.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  let value = safe / 1000;
  // Chosen after rounding, so 999,999 bytes read "1 MB", not "1,000 kB".
  while (unit < UNITS.length - 1 && rounded(value) >= 1000) {
    unit += 1;
    value /= 1000;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(rounded(value));
}

/** One decimal below 10, whole numbers above; anything above 0 stays at least 0.1. */
function rounded(value: number): number {
  if (value === 0) return 0;
  if (value < 10) return Math.max(0.1, Math.round(value * 10) / 10);
  return Math.round(value);
}
