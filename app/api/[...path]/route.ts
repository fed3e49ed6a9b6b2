import type { NextRequest } from 'next/server';
import { errorResponse, worldParam } from '@/lib/api/handler';

function notFound(request: NextRequest) {
  const world = worldParam.catch('de').parse(request.nextUrl.searchParams.get('world') ?? undefined);
  return errorResponse(world, 'not_found', { path: request.nextUrl.pathname });
}

// Any other /api path: 404 in the one error shape, whatever the method.
export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
