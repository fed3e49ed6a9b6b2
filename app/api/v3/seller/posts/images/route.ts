import { defineRoute } from '@/lib/api/handler';
import { readUploadedFile } from '@/lib/images/upload';
import { uploadPostImage } from '@/lib/selling/post-images';

// POST /api/v3/seller/posts/images — multipart `file`: an image for the seller's posts; answers
// the `/media/posts/…` address a post's body may show.
export const POST = defineRoute(
  {
    summary: 'Upload an image for my blog posts (multipart file)',
    description:
      'JPEG, PNG, WebP or GIF (checked by content, 5 MB at most), stored as WebP at most 1200 wide without metadata. Answers `path`, `url` (`/media/posts/…`, the only image address a post may show), `width` and `height`.',
    auth: 'seller',
    bodyType: 'upload',
    successStatus: 201,
  },
  async ({ request, session }) =>
    Response.json(await uploadPostImage(session.userId, await readUploadedFile(request)), { status: 201 }),
);
