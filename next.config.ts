import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { addCompileHints } from './lib/build/compile-hints';
import { precompressStaticAssets } from './lib/build/precompress';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

const config: NextConfig = {
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc) before it builds for the browser journeys;
  // the build checking the same files again cost 37–43 s of every run. Any other build checks.
  typescript: { ignoreBuildErrors: process.env.KREIDE_TYPES_CHECKED === '1' },
  // server.ts compresses instead (lib/http/compression.ts): each HTML page gets its CSP nonce
  // written in on its way out, which needs the page as text.
  compress: false,
  reactStrictMode: true,
  // Next's page and data cache in memory, bounded, expired by tags that lib/cache sets from any
  // process (lib/http/route-cache-handler.cjs): nothing per path goes under .next, and an
  // invalidation from a NOTIFY or a job works where Next's revalidateTag throws. Plain CommonJS,
  // because Next loads it at run time outside its bundler (and `next build` workers have no
  // TypeScript loader). Its byte budget is cacheMaxMemorySize; a 404 may use a tenth of it.
  cacheHandler: require.resolve('./lib/http/route-cache-handler.cjs'),
  cacheMaxMemorySize: 256 * 1024 * 1024,
  // Packages with native code or data files stay outside the server bundle.
  serverExternalPackages: [
    'pg-boss',
    'tsx',
    'argon2',
    'geoip-lite',
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    'pg',
    // Stamping downloads: fontkit reads its data files at run time; the fonts come from node_modules.
    'pdf-lib',
    'fontkit',
    // Preview rendering (lib/selling/preview-render.ts, in a job thread): an ESM build with
    // worker and data files, and a native canvas.
    'pdfjs-dist',
    '@napi-rs/canvas',
  ],
  compiler: {
    // Browser chunks compile off the main thread while they download (lib/build/compile-hints.ts):
    // hydration's long task was mostly V8 compiling functions lazily (TBT ≤ 100 ms in `npm run
    // lighthouse`; docs/decisions.md, "Browser chunks carry V8's compile hint").
    // Then each static file gets its Brotli and gzip copy, made once (lib/build/precompress.ts).
    async runAfterProductionCompile({ distDir }) {
      await addCompileHints(distDir);
      await precompressStaticAssets(distDir);
    },
  },
  experimental: {
    // Our stylesheet is about 3 KB compressed: inlined, it costs no render-blocking round trip
    // (LCP ≤ 1.5 s in `npm run lighthouse`, on a slow phone connection).
    inlineCss: true,
  },
};

export default withNextIntl(config);
