import { NextRequest } from 'next/server';

/** A NextRequest for a route handler, as the app would receive it. */
export function apiRequest(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): NextRequest {
  const headers = new Headers(init.headers);
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return new NextRequest(new URL(path, 'http://localhost:3000'), { method: init.method ?? 'GET', headers, body });
}
