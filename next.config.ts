import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { addCompileHints } from './lib/build/compile-hints';
import { precompressStaticAssets } from './lib/build/precompress';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

const config: NextConfig = {
  poweredByHeader: false,
  // server.ts compresses instead (lib/http/compression.ts): each HTML page gets its CSP nonce
  // written in on its way out, which needs the page as text.
  compress: false,
  reactStrictMode: true,
  // Next's page cache, except that a 404 is never written to disk (lib/http/route-cache-handler.cjs):
  // otherwise every distinct missing path adds files under .next.
  cacheHandler: require.resolve('./lib/http/route-cache-handler.cjs'),
  // Packages with native code or data files stay outside the server bundle.
  serverExternalPackages: ['argon2', 'geoip-lite', '@electric-sql/pglite', '@electric-sql/pglite-socket', 'pg'],
  compiler: {
    // Browser chunks compile off the main thread while they download (lib/build/compile-hints.ts):
    // hydration's long task was mostly V8 compiling functions lazily (TBT budget of issue 3).
    // Then each static file gets its Brotli and gzip copy, made once (lib/build/precompress.ts).
    async runAfterProductionCompile({ distDir }) {
      await addCompileHints(distDir);
      await precompressStaticAssets(distDir);
    },
  },
  experimental: {
    // Our stylesheet is about 3 KB compressed: inlined, it costs no render-blocking round trip
    // (LCP budget of issue 3 on a slow phone connection).
    inlineCss: true,
  },
};

export default withNextIntl(config);
