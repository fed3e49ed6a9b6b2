/** True for the error `notFound()` throws (its digest), so metadata can leave it to the page. */
export function isNotFoundError(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && digest.startsWith('NEXT_HTTP_ERROR_FALLBACK;404');
}
