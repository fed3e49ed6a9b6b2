import { getStorage } from '@/lib/storage/storage';

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * The folders of public images. Material files (`materials/`, which may be images too) and
 * stamped copies are paid goods, read only by the download route after its licence check.
 */
const PUBLIC_FOLDERS = ['covers/', 'previews/', 'users/', 'posts/'];

// GET /media/{key} — public images (covers, previews, avatars). Paid files never go through here.
export async function GET(_request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const { key } = await params;
  const path = key.join('/');
  const extension = path.split('.').pop()?.toLowerCase() ?? '';
  const type = TYPES[extension];
  if (!type || !PUBLIC_FOLDERS.some((folder) => path.startsWith(folder)))
    return new Response('Not found', { status: 404 });
  let data: Buffer | null;
  try {
    data = await getStorage().read(path);
  } catch {
    return new Response('Not found', { status: 404 });
  }
  if (!data) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // SVGs are served as images only: no scripts even when opened directly.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
