import { z } from 'zod';
import { hasFinishedPage } from '@/components/pages/finished-pages';
import { SITEMAP_KINDS, listSitemapEntries, renderUrlSet } from '@/lib/seo/sitemaps';
import { WORLD_CODES } from '@/lib/worlds/worlds';

export const dynamic = 'force-dynamic';

const params = z.object({
  world: z.enum(WORLD_CODES),
  file: z.string().regex(new RegExp(`^(${SITEMAP_KINDS.join('|')})-([1-9]\\d{0,4})\\.xml$`)),
});

// GET /sitemaps/{world}/{kind}-{page}.xml — one sitemap file of at most 50,000 URLs.
export async function GET(_request: Request, context: { params: Promise<{ world: string; file: string }> }) {
  const parsed = params.safeParse(await context.params);
  if (!parsed.success) return new Response('Not found', { status: 404 });
  const [, kind, page] = parsed.data.file.match(/^(\w+)-(\d+)\.xml$/)!;
  const entries = await listSitemapEntries(parsed.data.world, kind as (typeof SITEMAP_KINDS)[number], Number(page), {
    isFinished: hasFinishedPage,
  });
  if (entries.length === 0) return new Response('Not found', { status: 404 });
  return new Response(renderUrlSet(entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, s-maxage=3600, stale-while-revalidate=86400',
    },
  });
}
