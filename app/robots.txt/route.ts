import { getPublicOrigin } from '@/lib/seo/origin';

export const dynamic = 'force-dynamic';

// GET /robots.txt — crawl everything public; private pages say noindex themselves, so they
// must stay crawlable for the hint to be seen.
export function GET() {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /storefront/',
    '',
    `Sitemap: ${getPublicOrigin()}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
