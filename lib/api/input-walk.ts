import { isStorableText } from '@/lib/input/schemas';

/** Deeper JSON than this is no form of ours; refusing it keeps every walk over input bounded. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Finds the first string (or object key) in parsed input that PostgreSQL cannot store as text
 * (NUL, a lone UTF-16 surrogate), or input nested deeper than any of our forms. Iterative, so a
 * hostile body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown): { path: string; message: string } | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current))
        return { path: path.join('.'), message: 'Contains characters that cannot be stored' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH)
      return { path: path.join('.'), message: `Nested deeper than ${MAX_INPUT_DEPTH} levels` };
    for (const [key, child] of Object.entries(current)) {
      if (!isStorableText(key)) return { path: path.join('.'), message: 'Contains characters that cannot be stored' };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}
