import { notFound } from 'next/navigation';
import { parseId } from '@/lib/input/schemas';

/**
 * A row id from a route param, or the page's not-found state: anything that is not a whole
 * number within the id column's range (`2147483648`, `1e3`, `007`) is a 404, never a query.
 */
export function requireId(value: string | string[] | undefined): number {
  const id = parseId(value);
  if (id === null) notFound();
  return id;
}
