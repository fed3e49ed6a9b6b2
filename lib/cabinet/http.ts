import type { ZodType, z } from 'zod';
import { AppError } from '@/lib/api/errors';
import { issueKind } from './validation';

/** Personal answers are never cached, by the browser or anything in between. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** A JSON answer with personal data. */
export function privateJson(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });
}

/**
 * Parses a JSON body with zod after the caller has checked who is asking, so an anonymous or
 * cross-site request learns nothing about the rules. Failures are the API's usual 400s with
 * field paths (as `apiHandler` answers them), plus the kind of each error (`required`,
 * `invalid`, …) so a client can show its own translated text.
 */
export async function readBody<S extends ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    throw new AppError('bad_request', undefined, [{ path: '', message: 'Body must be JSON' }]);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      'validation_failed',
      undefined,
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message, code: issueKind(issue) })),
    );
  }
  return parsed.data;
}
