import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import noServerImportsInClient from './eslint/rules/no-server-imports-in-client.mjs';

// Server code that even a server component under components/ reaches only through a
// lib/<domain> function: the database, mail, file storage and jobs.
const DIRECT_SERVER_IMPORT = '^(@/|(\\.\\./)+)lib/(db|mail|storage|jobs)(/|$)';

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
  {
    // A 'use client' file (anywhere) ships to the browser with everything it imports.
    files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
    plugins: { kreide: { rules: { 'no-server-imports-in-client': noServerImportsInClient } } },
    rules: { 'kreide/no-server-imports-in-client': ['error', { root: import.meta.dirname }] },
  },
  {
    // Components render; data comes from lib/<domain> (server components may call those).
    files: ['components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: DIRECT_SERVER_IMPORT,
              allowTypeImports: true,
              message: 'Components do not touch the database, mail, storage or jobs: call a lib/<domain> function.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
