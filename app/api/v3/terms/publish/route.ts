import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { textSchema } from '@/lib/input/schemas';
import { publishTerms } from '@/lib/accounts/terms';

const bodySchema = z
  .object({ title: textSchema(200).pipe(z.string().min(1)), body: textSchema(200_000).pipe(z.string().min(1)) })
  .strict();

// POST /api/v3/terms/publish — an admin publishes a new version of the world's terms; from then
// on validation answers terms_not_accepted until each user accepts it.
export const POST = defineRoute(
  {
    summary: "An admin publishes a new version of the world's terms",
    auth: 'admin',
    body: bodySchema,
    successStatus: 201,
  },
  async ({ world, body }) => NextResponse.json(await publishTerms(world.code, body), { status: 201 }),
);
