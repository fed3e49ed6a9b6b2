import { apiHandler } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts/guard';
import { noQueryParams, setProfileBackground } from '@/lib/accounts/user-details';
import { readUploadedFile } from '@/lib/images/upload';

// POST /api/v3/user-details/background?world= — multipart `file`: the signed-in seller's profile
// background (SPEC §9); answers profile_background_data and profile_background_path (SPEC §7).
export const POST = apiHandler({ query: noQueryParams }, async ({ request }) => {
  const { userId } = await requireUser(request, { mutation: true });
  const upload = await readUploadedFile(request);
  return Response.json(await setProfileBackground(userId, upload), { headers: { 'Cache-Control': 'no-store' } });
});
