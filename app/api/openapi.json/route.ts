import { buildOpenApiDocument } from '@/lib/api/openapi';
import { getPublicOrigin } from '@/lib/seo/origin';
import { API_ROUTES } from './operations';

let document: string | undefined;

// GET /api/openapi.json — the OpenAPI 3.1 document of the whole JSON API, built from the routes'
// own declarations (auth, schemas, error shape); the same for everyone, so cacheable.
export async function GET() {
  document ??= JSON.stringify(buildOpenApiDocument(API_ROUTES, getPublicOrigin()));
  return new Response(document, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300, s-maxage=3600',
    },
  });
}
