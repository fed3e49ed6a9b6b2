import { defineRoute } from '@/lib/api/handler';
import { noQueryParams, setProfileBackground } from '@/lib/accounts/user-details';
import { readUploadedFile } from '@/lib/images/upload';

// POST /api/v3/user-details/background?world= — multipart `file`: the signed-in seller's profile
// background (SPEC §9); answers profile_background_data and profile_background_path (SPEC §7).
export const POST = defineRoute(
  {
    summary: "The signed-in seller's profile background (multipart file)",
    auth: 'user',
    query: noQueryParams,
    bodyType: 'upload',
  },
  async ({ request, session }) => setProfileBackground(session.userId, await readUploadedFile(request)),
);
