import { NextRequest } from 'next/server';

/** The origin the route handlers are configured with in tests (PUBLIC_ORIGIN's default). */
export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * A NextRequest for a route handler, as the app would receive it. Like a browser, a request
 * with another method than GET or HEAD names the page's origin, unless `origin` says otherwise
 * (`false`: no Origin header at all, as a careless or non-browser client would send).
 */
export function apiRequest(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; origin?: string | false } = {},
): NextRequest {
  const headers = new Headers(init.headers);
  const method = init.method ?? 'GET';
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  if (!headers.has('origin') && init.origin !== false && !['GET', 'HEAD'].includes(method))
    headers.set('origin', init.origin ?? TEST_ORIGIN);
  return new NextRequest(new URL(path, TEST_ORIGIN), { method, headers, body });
}
