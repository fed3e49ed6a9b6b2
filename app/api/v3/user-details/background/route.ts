import { defineRoute } from '@/lib/api/handler';
import { noQueryParams, setProfileBackground } from '@/lib/accounts/user-details';
import { readUploadedFile } from '@/lib/images/upload';

// POST /api/v3/user-details/background?world= — multipart `file`: the signed-in seller's profile
// background (204 high, at most 1200 wide); answers profile_background_data and profile_background_path.
export const POST = defineRoute(
  {
    summary: "The signed-in seller's profile background (multipart file)",
    auth: 'user',
    query: noQueryParams,
    bodyType: 'upload',
  },
  async ({ request, session }) => setProfileBackground(session.userId, await readUploadedFile(request)),
);
