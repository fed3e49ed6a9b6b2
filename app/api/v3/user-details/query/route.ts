import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/api/handler';
import { authorQuerySchema, selectAuthorFields } from '@/lib/catalog/author-query';
import { getAuthorProfile } from '@/lib/catalog/authors';

// POST /api/v3/user-details/query?world= — an author profile by user id and world.
// 404 in the error shape when the user is not an author of that world. The answer
// is the public view for everybody, the owner included (lib/catalog/author-view.ts): a private
// profile's personal fields are absent; the owner reads them through v1/user/details.
// A read: no session is involved, so no origin check either.
export const POST = defineRoute(
  {
    summary: 'An author profile by user id and world (public view)',
    auth: 'anonymous',
    csrf: false,
    body: authorQuerySchema,
  },
  async ({ body, world }) => {
    const wanted = body.author.world ?? world.code;
    const profile = await getAuthorProfile(body.author.userId);
    if (!profile || profile.world !== wanted)
      throw new AppError('not_found', undefined, { userId: body.author.userId, world: wanted });
    return selectAuthorFields(profile, body.fields);
  },
);
