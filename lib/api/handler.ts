import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { getMessages } from '@/lib/i18n/messages';
import { DEFAULT_WORLD, WORLD_CODES, getWorld, type World, type WorldCode } from '@/lib/worlds/worlds';
import { AppError, type ErrorBody, type ErrorCode } from './errors';

/** Every call carries a `world` query parameter; default de (SPEC §7). */
export const worldParam = z.enum(WORLD_CODES).default(DEFAULT_WORLD);

export interface HandlerContext<Q, B> {
  request: NextRequest;
  world: World;
  query: Q;
  body: B;
}

interface HandlerOptions<Q extends ZodType, B extends ZodType> {
  query?: Q;
  body?: B;
}

function localizedMessage(world: WorldCode, code: ErrorCode): string {
  const common = getMessages(getWorld(world).language).common;
  const errors = typeof common === 'object' ? common.apiErrors : undefined;
  const text = typeof errors === 'object' ? errors[code] : undefined;
  return typeof text === 'string' ? text : code;
}

/** Builds the error response in the one error shape, with the message in the world's language. */
export function errorResponse(world: WorldCode, code: ErrorCode, details: unknown = null, message?: string) {
  const status = new AppError(code).status;
  const body: ErrorBody = { error: { code, message: message ?? localizedMessage(world, code), details } };
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const retryAfter = (details as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
  if (code === 'rate_limited' && typeof retryAfter === 'number') headers['Retry-After'] = String(retryAfter);
  return NextResponse.json(body, { status, headers });
}

/** JSON bodies of the API are small forms; anything larger is refused before it is parsed. */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/**
 * Reads a JSON body with a size limit: a declared Content-Length above it is refused without
 * reading, and a streamed body is counted while it arrives and cut off at the limit.
 */
async function readJsonBody(request: NextRequest): Promise<{ kind: 'ok'; value: unknown } | { kind: 'too_large' } | { kind: 'invalid' }> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_JSON_BODY_BYTES) return { kind: 'too_large' };
  if (!request.body) return { kind: 'invalid' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BODY_BYTES) {
      await reader.cancel();
      return { kind: 'too_large' };
    }
    chunks.push(value);
  }
  try {
    return { kind: 'ok', value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { kind: 'invalid' };
  }
}

function issuesToDetails(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/**
 * Wraps a route handler: parses `world` and the query and JSON body with zod, calls the domain,
 * returns the result as JSON (the body directly, SPEC §7) and maps every failure to the one error
 * shape. A validation failure is a 400 with field paths, never a 500.
 */
export function apiHandler<Q extends ZodType = ZodType<Record<string, never>>, B extends ZodType = ZodType<undefined>>(
  options: HandlerOptions<Q, B>,
  run: (ctx: HandlerContext<z.infer<Q>, z.infer<B>>) => Promise<unknown>,
) {
  return async (request: NextRequest): Promise<Response> => {
    const rawQuery = Object.fromEntries(request.nextUrl.searchParams);
    const worldResult = worldParam.safeParse(rawQuery.world);
    if (!worldResult.success) {
      return errorResponse(DEFAULT_WORLD, 'validation_failed', [{ path: 'world', message: `Unknown world "${rawQuery.world}"` }]);
    }
    const world = worldResult.data;
    try {
      const { world: _ignored, ...rest } = rawQuery;
      void _ignored;
      let query: unknown = {};
      if (options.query) {
        const parsed = options.query.safeParse(rest);
        if (!parsed.success) return errorResponse(world, 'validation_failed', issuesToDetails(parsed.error));
        query = parsed.data;
      }
      let body: unknown = undefined;
      if (options.body) {
        const read = await readJsonBody(request);
        if (read.kind === 'too_large') return errorResponse(world, 'payload_too_large', [{ path: '', message: `Body larger than ${MAX_JSON_BODY_BYTES} bytes` }]);
        if (read.kind === 'invalid') return errorResponse(world, 'bad_request', [{ path: '', message: 'Body must be JSON' }]);
        const parsed = options.body.safeParse(read.value);
        if (!parsed.success) return errorResponse(world, 'validation_failed', issuesToDetails(parsed.error));
        body = parsed.data;
      }
      const result = await run({ request, world: getWorld(world), query: query as z.infer<Q>, body: body as z.infer<B> });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (error) {
      if (error instanceof AppError) return errorResponse(world, error.code, error.details ?? null);
      console.error(`${request.method} ${request.nextUrl.pathname} failed:`, error);
      return errorResponse(world, 'internal');
    }
  };
}
