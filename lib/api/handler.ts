import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { expireAccountPages } from '@/lib/cache/invalidate';
import { AppError, type ErrorBody, type ErrorCode } from '@/lib/errors/app-error';
import { errorMessage } from '@/lib/errors/messages';
import { issuesToDetails, worldParam } from '@/lib/input/schemas';
import { resolveRouteAuth, type AuthLevel, type SessionFor } from './route-auth';
import { checkRequestOrigin } from '@/lib/http/origin';
import { getPublicOrigin } from '@/lib/seo/origin';
import { DEFAULT_WORLD, getWorld, type World, type WorldCode } from '@/lib/worlds/worlds';
import { databaseErrorCode } from './database-errors';
import { errorStatus } from './errors';
import { findUnstorableText } from './input-walk';

export { worldParam };
export type { AuthLevel };

/** JSON bodies of the API are small forms; anything larger is refused before it is parsed. */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/** What a route declares about itself: who may call, how, and with which input. */
export interface RouteOptions<
  A extends AuthLevel,
  Q extends ZodType | undefined,
  B extends ZodType | undefined,
  P extends ZodType | undefined = undefined,
> {
  /** One line for the API document. */
  summary: string;
  /** Longer explanation for the API document (rules, states, errors). */
  description?: string;
  /**
   * Who may call: anyone (`anonymous`), any valid token including an anonymous client-credentials
   * one (`client`), a signed-in user (`user`), a seller, or an admin acting as themselves.
   */
  auth: A;
  /** False: refused while an admin acts as the user (payout and identity details). */
  impersonation?: boolean;
  /**
   * Origin check for browsers (default: every method but GET and HEAD). A request carrying the
   * session cookie must name our public origin; bearer-token clients are not exposed to it.
   */
  csrf?: boolean;
  /** The query parameters besides `world`. */
  query?: Q;
  /** The path parameters of a route with dynamic segments. */
  params?: P;
  /** The body's schema: JSON by default, or a form post (`bodyType: 'form'`), both read with the size bound. */
  body?: B;
  /** `form`: a form's text fields, `application/x-www-form-urlencoded` or `multipart/form-data`; `upload`: a multipart file the route reads itself (lib/images/upload.ts bounds it). */
  bodyType?: 'json' | 'form' | 'upload';
  /** Example answer for the API document. */
  example?: unknown;
  /** Status of a successful answer for the API document (200 unless said). */
  successStatus?: number;
}

type Infer<T> = T extends ZodType ? z.infer<T> : undefined;

export interface RouteContext<A extends AuthLevel, Q, B, P> {
  request: NextRequest;
  world: World;
  query: Q;
  body: B;
  params: P;
  session: SessionFor<A>;
}

/** A route handler together with what it declared (read by the OpenAPI document and the fuzz suite). */
export type DeclaredHandler = ((
  request: NextRequest,
  context?: { params?: Promise<Record<string, string | string[]>> },
) => Promise<Response>) & {
  readonly declaration: RouteOptions<AuthLevel, ZodType | undefined, ZodType | undefined, ZodType | undefined>;
};

/** Builds the error response in the one error shape, with the message in the world's language. */
export function errorResponse(world: WorldCode, code: ErrorCode, details: unknown = null, message?: string) {
  const status = errorStatus(code);
  const body: ErrorBody = { error: { code, message: message ?? errorMessage(world, code, details), details } };
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const retryAfter = (details as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
  if (code === 'rate_limited' && typeof retryAfter === 'number') headers['Retry-After'] = String(retryAfter);
  return NextResponse.json(body, { status, headers });
}

/**
 * Reads a JSON or form body (urlencoded or multipart) with a size limit: a declared
 * Content-Length above it is refused without reading, and a streamed body is counted while it
 * arrives and cut off at the limit.
 */
async function readBoundedBody(request: NextRequest, type: 'json' | 'form'): Promise<unknown> {
  const tooLarge = () =>
    new AppError('payload_too_large', undefined, [
      { path: '', message: `Body larger than ${MAX_JSON_BODY_BYTES} bytes` },
    ]);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_JSON_BODY_BYTES) throw tooLarge();
  const invalid = new AppError('bad_request', undefined, [
    { path: '', message: type === 'json' ? 'Body must be JSON' : 'Body must be a form' },
  ]);
  if (!request.body) throw invalid;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  const contentType = request.headers.get('content-type') ?? '';
  if (type === 'form' && /^multipart\/form-data\b/i.test(contentType))
    return readMultipartFields(bytes, contentType, invalid);
  try {
    // fatal: bytes that are not UTF-8 are refused rather than silently replaced.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return type === 'json' ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
  } catch {
    throw invalid;
  }
}

/**
 * A form posted as multipart (a form with that enctype, RFC 8058's one-click example): its text
 * fields, read from the bounded bytes. A file in it is refused: form routes take text only.
 */
async function readMultipartFields(bytes: Buffer, contentType: string, invalid: AppError): Promise<unknown> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalid;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string') throw invalid;
    fields[name] = value;
  }
  return fields;
}

/** A call that takes no body refuses one: data sent to it would silently be dropped. */
async function refuseAnyBody(request: NextRequest): Promise<void> {
  if (!request.body) return;
  const reader = request.body.getReader();
  const { done, value } = await reader.read();
  if (!done && value && value.byteLength > 0) {
    await reader.cancel();
    throw new AppError('bad_request', undefined, [{ path: '', message: 'This call takes no body' }]);
  }
  if (!done) await reader.cancel();
}

/** Parses input with a schema after refusing text PostgreSQL cannot store. */
function parseInput<S extends ZodType>(schema: S, value: unknown): z.infer<S> {
  const unstorable = findUnstorableText(value);
  if (unstorable)
    throw new AppError('validation_failed', undefined, [
      { path: unstorable.path, message: unstorable.message, code: 'invalid' },
    ]);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('validation_failed', undefined, issuesToDetails(parsed.error));
  }
  return parsed.data;
}

/** True when the request carries credentials (session cookie or bearer token). */
function carriesCredentials(request: NextRequest): boolean {
  return request.headers.has('authorization') || request.cookies.size > 0;
}

/**
 * The one wrapper of every API route. In order: the `world`, the origin check for browser
 * mutations, who is asking (before any body is read, so an anonymous or cross-site caller learns
 * nothing about the rules), the query and the JSON body (256 KB at most, text storable, then the
 * route's schema), the route itself. Every failure is the one error shape in the world's language;
 * a database error caused by input a schema should have refused is a 4xx, never a 500. Answers
 * to callers with credentials are `no-store` unless the route says otherwise.
 */
export function defineRoute<
  A extends AuthLevel,
  Q extends ZodType | undefined = undefined,
  B extends ZodType | undefined = undefined,
  P extends ZodType | undefined = undefined,
>(
  options: RouteOptions<A, Q, B, P>,
  run: (ctx: RouteContext<A, Infer<Q>, Infer<B>, Infer<P>>) => Promise<unknown>,
): DeclaredHandler {
  const handler = async (
    request: NextRequest,
    context?: { params?: Promise<Record<string, string | string[]>> },
  ): Promise<Response> => {
    const rawWorld = request.nextUrl.searchParams.get('world') ?? undefined;
    const worldResult = worldParam.safeParse(rawWorld);
    if (!worldResult.success) {
      return errorResponse(DEFAULT_WORLD, 'validation_failed', [
        { path: 'world', message: 'Unknown world', code: 'invalid' },
      ]);
    }
    const world = worldResult.data;
    // The signed-in account behind a write (POST, PATCH, …), once known.
    let writer: number | null = null;
    try {
      const csrf = options.csrf ?? !['GET', 'HEAD'].includes(request.method);
      if (csrf) {
        const refusal = checkRequestOrigin(request);
        // Most often a page opened at another name of the site (127.0.0.1 for localhost, http for
        // https): the message names the address to open instead of a bare "not allowed".
        if (refusal)
          return errorResponse(
            world,
            'forbidden',
            { reason: refusal },
            errorMessage(world, 'forbidden', { reason: refusal }, { origin: getPublicOrigin() }),
          );
      }
      let params: unknown = undefined;
      if (options.params) {
        // A path parameter that does not fit is a path that does not exist.
        const parsed = options.params.safeParse((await context?.params) ?? {});
        if (!parsed.success) throw new AppError('not_found', undefined, { path: request.nextUrl.pathname });
        params = parsed.data;
      }
      const session = await resolveRouteAuth(request, options.auth, { impersonation: options.impersonation ?? true });
      if (!['GET', 'HEAD'].includes(request.method) && typeof session?.userId === 'number') writer = session.userId;

      let query: unknown = undefined;
      if (options.query) {
        const raw: Record<string, string | string[]> = {};
        for (const key of new Set(request.nextUrl.searchParams.keys())) {
          if (key === 'world') continue;
          const values = request.nextUrl.searchParams.getAll(key);
          raw[key] = values.length === 1 ? values[0]! : values;
        }
        query = parseInput(options.query, raw);
      }
      let body: unknown = undefined;
      const bodyType = options.bodyType ?? 'json';
      if (options.body && bodyType !== 'upload') {
        body = parseInput(options.body, await readBoundedBody(request, bodyType));
      } else if (!options.body && bodyType !== 'upload') {
        await refuseAnyBody(request);
      }

      const result = await run({
        request,
        world: getWorld(world),
        query: query as Infer<Q>,
        body: body as Infer<B>,
        params: params as Infer<P>,
        session: session as SessionFor<A>,
      });
      const response = result instanceof Response ? result : NextResponse.json(result);
      if (!response.headers.has('cache-control') && (options.auth !== 'anonymous' || carriesCredentials(request))) {
        response.headers.set('Cache-Control', 'no-store');
      }
      return response;
    } catch (error) {
      // The route's and the domain's refusals: the code decides the status (lib/api/errors.ts).
      if (error instanceof AppError) return errorResponse(world, error.code, error.details ?? null);
      const databaseCode = databaseErrorCode(error);
      if (databaseCode) {
        // A schema should have refused this input first: logged so the gap gets closed.
        console.warn(
          `${request.method} ${request.nextUrl.pathname}: input refused by the database (${databaseCode.sqlState})`,
        );
        return errorResponse(world, databaseCode.code, { reason: databaseCode.reason });
      }
      console.error(`${request.method} ${request.nextUrl.pathname} failed:`, error);
      return errorResponse(world, 'internal');
    } finally {
      // Whatever an account writes may show on its cabinet pages: the copies kept rendered for
      // it (lib/http/private-pages.ts) go before it hears back, so its next page load shows
      // the change. Refused writes too: one that failed after committing part of its work would
      // otherwise leave a page behind.
      if (writer !== null)
        await expireAccountPages(writer).catch((error: unknown) =>
          console.error(`${request.method} ${request.nextUrl.pathname}: pages not expired:`, error),
        );
    }
  };
  return Object.assign(handler, { declaration: options as DeclaredHandler['declaration'] });
}
