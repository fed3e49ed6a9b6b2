/**
 * Decodes the segments of a request path, or answers null when the path cannot be one of ours:
 * broken percent-encoding (`%FF`, `%E0%A4%A`), or a NUL byte, which no route word, slug or id
 * contains and PostgreSQL refuses in text. Callers treat null as "not found", never as an error.
 */
export function decodePathSegments(segments: readonly string[]): string[] | null {
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (value.includes('\u0000')) return null;
    decoded.push(value);
  }
  return decoded;
}
