/**
 * The OpenAPI 3.1 document of the JSON API, built from what each route declares with
 * `defineRoute` (auth, csrf, query, body, path parameters) and zod 4's JSON Schema output, so the
 * document cannot drift from the code: a schema that refuses an input in the route is the schema
 * the document shows.
 */
import { z, type ZodType } from 'zod';
import { ERROR_STATUS } from './errors';
import type { DeclaredHandler } from './handler';
import { MAX_JSON_BODY_BYTES } from './handler';
import { WORLD_CODES, DEFAULT_WORLD } from '@/lib/worlds/worlds';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One route file of the API: its public path (with `{param}` for dynamic segments) and its exports. */
export interface ApiRouteModule {
  path: string;
  module: Partial<Record<HttpMethod, unknown>>;
}

/** One operation: a method of a route with what it declared. */
export interface ApiOperation {
  method: HttpMethod;
  path: string;
  handler: DeclaredHandler;
}

/** Every declared operation of the given route modules. */
export function listOperations(routes: readonly ApiRouteModule[]): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const route of routes) {
    for (const method of HTTP_METHODS) {
      const handler = route.module[method];
      if (typeof handler === 'function' && 'declaration' in handler)
        operations.push({ method, path: route.path, handler: handler as DeclaredHandler });
    }
  }
  return operations;
}

type JsonSchema = Record<string, unknown>;

/** `z.preprocess(fn, schema)` is a pipe from a transform: the document shows the schema it feeds. */
function documentedSchema(schema: ZodType): ZodType {
  const def = (schema as unknown as { _zod: { def: { type: string; in?: ZodType; out?: ZodType } } })._zod.def;
  if (
    def.type === 'pipe' &&
    def.in &&
    def.out &&
    (def.in as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'transform'
  )
    return documentedSchema(def.out);
  return schema;
}

function jsonSchema(schema: ZodType): JsonSchema {
  const out = z.toJSONSchema(documentedSchema(schema), { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const AUTH_TEXT: Record<string, string> = {
  anonymous: 'Anyone; no token needed.',
  visitor: 'Anyone; with a valid token, the call acts for that user (an invalid one counts as none).',
  client: 'Any valid token, also an anonymous client-credentials token.',
  user: 'A signed-in user.',
  seller: 'A signed-in seller (isSeller).',
  admin: 'An admin acting as themselves (never during login-as).',
};

function errorResponses(method: HttpMethod, auth: string, hasInput: boolean): Record<string, unknown> {
  const ref = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  const responses: Record<string, unknown> = {
    '400': ref('Invalid input: `validation_failed` with field paths, or `bad_request`.'),
  };
  if (auth !== 'anonymous' && auth !== 'visitor')
    responses['401'] = ref('No valid token (`unauthorized`, reason `invalid_token` or `anonymous`).');
  responses['403'] = ref(
    'Refused: foreign or missing Origin on a cookie mutation, wrong role, or not allowed during login-as.',
  );
  responses['404'] = ref('Not found.');
  if (method !== 'GET' && hasInput) responses['413'] = ref(`Body larger than ${MAX_JSON_BODY_BYTES} bytes.`);
  responses['429'] = ref('Rate limited; `Retry-After` says when to try again.');
  return responses;
}

/** The whole document. */
export function buildOpenApiDocument(routes: readonly ApiRouteModule[], origin: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, handler } of listOperations(routes)) {
    const declared = handler.declaration;
    const parameters: unknown[] = [
      {
        name: 'world',
        in: 'query',
        required: false,
        description: 'The world (storefront) of the call; de when it is missing.',
        schema: { type: 'string', enum: [...WORLD_CODES], default: DEFAULT_WORLD },
      },
    ];
    if (declared.query) {
      const schema = jsonSchema(declared.query);
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties))
        parameters.push({ name, in: 'query', required: required.has(name), schema: property });
    }
    if (declared.params) {
      const properties = (jsonSchema(declared.params).properties ?? {}) as Record<string, JsonSchema>;
      for (const [name, property] of Object.entries(properties))
        parameters.push({ name, in: 'path', required: true, schema: property });
    }
    const operation: Record<string, unknown> = {
      operationId: `${method.toLowerCase()}${path
        .replace(/^\/api/, '')
        .replace(/[{}]/g, '')
        .replace(/[/_-]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
      summary: declared.summary,
      ...(declared.description ? { description: declared.description } : {}),
      tags: [path.split('/')[3] ?? 'api'],
      parameters,
      'x-kreide-auth': declared.auth,
      'x-kreide-impersonation': declared.impersonation ?? true,
      security:
        declared.auth === 'anonymous' || declared.auth === 'visitor'
          ? [{}, { bearerAuth: [] }, { sessionCookie: [] }]
          : [{ bearerAuth: [] }, { sessionCookie: [] }],
      responses: {
        [String(declared.successStatus ?? 200)]: {
          description: AUTH_TEXT[declared.auth],
          content: {
            'application/json': {
              schema: {},
              ...(declared.example !== undefined ? { example: declared.example } : {}),
            },
          },
        },
        ...errorResponses(method, declared.auth, Boolean(declared.body || declared.bodyType)),
      },
    };
    if (declared.bodyType === 'upload') {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
          },
        },
      };
    } else if (declared.body) {
      const type = declared.bodyType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      operation.requestBody = { required: true, content: { [type]: { schema: jsonSchema(declared.body) } } };
    }
    const csrf = declared.csrf ?? method !== 'GET';
    if (csrf)
      operation['x-kreide-csrf'] = 'A request carrying the session cookie must send Origin equal to the public origin.';
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kreide API',
      version: '1',
      description:
        'The JSON API of Kreide. Every call takes `world`; bodies are JSON (UTF-8) unless said, at most 256 KB. ' +
        'Errors always have the shape `{ error: { code, message, details } }`, with `message` in the language of the world. ' +
        'The website authenticates with its httpOnly session cookie (mutations must send our Origin); the app and partners with `Authorization: Bearer`.',
    },
    servers: [{ url: origin }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Access token from POST /api/v3/oauth2/authenticate (client_id app).',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'kreide_session',
          description: "The website's sealed httpOnly session.",
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'details'],
              properties: {
                code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
                message: { type: 'string', description: "In the language of the call's world." },
                details: {
                  description:
                    'For validation errors a list of { path, message, code } (code: required, tooShort, tooLong, invalid, …); otherwise an object such as { reason } or null.',
                },
              },
            },
          },
          example: {
            error: {
              code: 'validation_failed',
              message: 'Einige Angaben sind ungültig.',
              details: [{ path: 'email', message: 'Enter a valid e-mail address', code: 'invalid' }],
            },
          },
        },
      },
    },
  };
}
