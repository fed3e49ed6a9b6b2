import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { textSchema } from '@/lib/input/schemas';
import { publishTerms } from '@/lib/accounts/publish-terms';
import { termsBodySchema } from '@/lib/legal/terms-body';

// The text comes in parts, one per legal document kind, each required: the terms page anchors
// every legal link on its part, and a version without one would leave a link on nothing. The
// parts are plain text (heading, paragraphs) and are shown as text, never as HTML.
const bodySchema = z
  .object({
    title: textSchema(200).pipe(z.string().min(1)),
    language: termsBodySchema.shape.language,
    sections: termsBodySchema.shape.sections,
  })
  .strict();

// POST /api/v3/terms/publish — an admin publishes a new version of the world's terms: title,
// language of the text and its sections (dataProtection, termsAndConditions, termsOfTask,
// withdrawalProvisions, orderProcessing, withdrawalAgreement; each { heading, paragraphs[] }).
// It becomes the actual version at once and the world's terms pages are expired; from then on
// validation answers terms_not_accepted until each user accepts it.
export const POST = defineRoute(
  {
    summary: "An admin publishes a new version of the world's terms",
    auth: 'admin',
    body: bodySchema,
    successStatus: 201,
  },
  async ({ world, body }) =>
    NextResponse.json(
      await publishTerms(world.code, {
        title: body.title,
        body: { language: body.language, sections: body.sections },
      }),
      { status: 201 },
    ),
);
