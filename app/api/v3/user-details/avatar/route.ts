import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { noQueryParams, setUserImage } from '@/lib/accounts/user-details';
import { readUploadedFile } from '@/lib/images/upload';

// POST /api/v3/user-details/avatar?world= — multipart `file`: the signed-in user's picture,
// stored as the 200 px author image and the 32×32 avatar (SPEC §9); answers the new paths.
export const POST = apiHandler({ query: noQueryParams }, async ({ request }) => {
  const { userId } = await requireUser(request, { mutation: true });
  const upload = await readUploadedFile(request);
  return Response.json(await setUserImage(userId, upload), { headers: { 'Cache-Control': 'no-store' } });
});
