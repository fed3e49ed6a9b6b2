import type { NextRequest } from 'next/server';
import { apiRequest } from './request';

/**
 * A route handler as a route file exports it. Next passes a dynamic route's segments as
 * `params`; handlers of static routes ignore the context.
 */
export type RouteHandler = (
  request: NextRequest,
  context?: { params?: Promise<Record<string, string>> },
) => Promise<Response>;

/** What a call sends; the defaults are what most calls mean. */
export interface RouteCall {
  /** Default: POST when there is a body, GET when there is none. */
  method?: string;
  /** JSON unless it is a string (then sent as it is, with the content type given in headers). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The dynamic segments of the route's path, e.g. `{ id: '12' }` for `orders/[id]`. */
  params?: Record<string, string>;
  /** As apiRequest's: another page origin for a write, or `false` for none. */
  origin?: string | false;
}

/**
 * Calls a route handler in-process with the request and context Next would give it: faster than
 * a server and still the real handler, with its parsing, session, origin check and errors.
 */
export function callRoute(handler: RouteHandler, path: string, call: RouteCall = {}): Promise<Response> {
  const { params, method, ...init } = call;
  return handler(apiRequest(path, { ...init, method: method ?? (init.body === undefined ? 'GET' : 'POST') }), {
    params: Promise.resolve(params ?? {}),
  });
}

/** The content type of a browser's form post. */
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * Posts fields as a browser's form does without script (urlencoded), for the form routes
 * that answer with a redirect instead of JSON.
 */
export function postForm(
  handler: RouteHandler,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callRoute(handler, path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { ...FORM, ...headers },
  });
}
