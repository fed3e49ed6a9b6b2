import { hasFinishedPage } from '@/components/pages/finished-pages';
import { listSitemapFiles, renderSitemapIndex } from '@/lib/seo/sitemaps';

export const dynamic = 'force-dynamic';

// GET /sitemap.xml — the sitemap index: per world, its materials, authors, blog posts and
// landings, each split into files of at most 50,000 URLs.
export async function GET() {
  return new Response(renderSitemapIndex(await listSitemapFiles({ isFinished: hasFinishedPage })), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, s-maxage=3600, stale-while-revalidate=86400',
    },
  });
}
