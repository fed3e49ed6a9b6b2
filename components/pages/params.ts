import { notFound } from 'next/navigation';

/** A positive whole-number id from a route param, or the page's not-found state. */
export function requireId(value: string | string[] | undefined): number {
  const id = Number(value);
  if (typeof value !== 'string' || !Number.isSafeInteger(id) || id <= 0) notFound();
  return id;
}
