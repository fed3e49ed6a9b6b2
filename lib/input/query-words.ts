/**
 * Reading a page's own query words (`?sort=`, `?state=`, `?page=`): a value is one of our words
 * or a bounded number, never the request's text.
 */

/** A query value the page knows, or null. */
export function pickWord<T extends string>(value: unknown, known: readonly T[]): T | null {
  return typeof value === 'string' ? (known.find((word) => word === value) ?? null) : null;
}

/** A list's page from the address (1 to 9,999), the first page for anything else. */
export function pageNumber(value: unknown): number {
  return typeof value === 'string' && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : 1;
}
