import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.data*/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      // Covers, previews and avatars are generated SVGs served from our own storage with fixed
      // sizes; next/image's optimiser would only add a round trip.
      '@next/next/no-img-element': 'off',
    },
  },
];

export default config;
