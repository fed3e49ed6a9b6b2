import { listSitemapFiles, renderSitemapIndex } from '@/lib/seo/sitemaps';

export const dynamic = 'force-dynamic';

// GET /sitemap.xml — the sitemap index: per world, its materials, authors and landings.
export async function GET() {
  return new Response(renderSitemapIndex(await listSitemapFiles()), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, s-maxage=3600, stale-while-revalidate=86400',
    },
  });
}
