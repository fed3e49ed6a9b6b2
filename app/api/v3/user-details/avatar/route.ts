import { defineRoute } from '@/lib/api/handler';
import { noQueryParams, setUserImage } from '@/lib/accounts/user-details';
import { readUploadedFile } from '@/lib/images/upload';

// POST /api/v3/user-details/avatar?world= — multipart `file`: the signed-in user's picture,
// stored as the 200 px author image and the 32×32 avatar; answers the new paths.
export const POST = defineRoute(
  { summary: "The signed-in user's picture (multipart file)", auth: 'user', query: noQueryParams, bodyType: 'upload' },
  async ({ request, session }) => setUserImage(session.userId, await readUploadedFile(request)),
);
