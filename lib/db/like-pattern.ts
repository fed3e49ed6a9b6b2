/**
 * The ILIKE pattern "contains `text`" with LIKE's wildcards (`%`, `_`) and its escape character
 * taken literally: a searched "50%" finds "50%", not everything starting with 50. The pattern is
 * always sent as a bound parameter.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
