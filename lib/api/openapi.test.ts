import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_ROUTES } from '@/app/api/openapi.json/operations';
import { GET as openApiDocument } from '@/app/api/openapi.json/route';
import { AUTH_LEVELS } from './route-auth';
import { HTTP_METHODS, listOperations } from './openapi';

/** Every route file under app/api with its public path, read from the file system. */
function routeFiles(): string[] {
  const root = path.join(process.cwd(), 'app/api');
  const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('route.ts'));
  return files
    .map((file) => `/api/${path.dirname(file)}`.replace(/\[(\w+)\]/g, '{$1}'))
    .filter((route) => !['/api/[...path]', '/api/health', '/api/openapi.json'].includes(route))
    .sort();
}

describe('the API document', () => {
  it('lists every route file of the API (and nothing else)', () => {
    expect(API_ROUTES.map((route) => route.path).sort()).toEqual(routeFiles());
  });

  it('every exported method of every route is declared with defineRoute: auth, summary, schemas', () => {
    for (const route of API_ROUTES) {
      for (const method of HTTP_METHODS) {
        const handler = route.module[method];
        if (handler === undefined) continue;
        expect({
          route: route.path,
          method,
          declared: typeof handler === 'function' && 'declaration' in handler,
        }).toEqual({ route: route.path, method, declared: true });
      }
    }
    for (const { path: route, method, handler } of listOperations(API_ROUTES)) {
      const declared = handler.declaration;
      expect({
        route,
        method,
        summary: declared.summary.length > 0,
        auth: AUTH_LEVELS.includes(declared.auth),
      }).toEqual({ route, method, summary: true, auth: true });
    }
  });

  it('is a valid OpenAPI 3.1 document, served at /api/openapi.json', async () => {
    const response = await openApiDocument();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const document = await response.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('states the error shape, the auth requirement and the parameters of each operation', async () => {
    const document = await (await openApiDocument()).json();
    expect(document.components.schemas.Error.properties.error.required).toEqual(['code', 'message', 'details']);
    const subscribe = document.paths['/api/v3/subscriptions/subscribe'].post;
    expect(subscribe['x-kreide-auth']).toBe('user');
    expect(subscribe.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(subscribe.requestBody.content['application/json'].schema.properties.subjectId).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
    });
    expect(subscribe.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    const search = document.paths['/api/v3/search'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['world', 'q', 'subject', 'page', 'sort']),
    );
    const start = document.paths['/api/v3/oauth2/social/{provider}/start'].get;
    expect(start.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'provider', in: 'path', required: true })]),
    );
    expect(document.paths['/api/v3/user-details/avatar'].post.requestBody.content).toHaveProperty(
      'multipart/form-data',
    );
  });
});
