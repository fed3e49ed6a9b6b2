/** @jest-config-loader esbuild-register */
import nextJest from 'next/jest.js';
import type { Config } from 'jest';

const createJestConfig = nextJest({ dir: './' });

const config: Config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '<rootDir>/tests/e2e/'],
  // Not crawled for modules: the build and the data folders (`npm test` builds and seeds the
  // browser journeys' folders in the background while Jest runs, scripts/prepare-e2e.sh).
  modulePathIgnorePatterns: ['<rootDir>/.next/', '<rootDir>/\\.data'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    '^server-only$': '<rootDir>/tests/support/empty-module.ts',
    '^next/cache$': '<rootDir>/tests/support/next-cache.ts',
  },
  testTimeout: 60_000,
};

// next/jest forces /node_modules/ into transformIgnorePatterns; ky, msw and friends ship ESM
// only, so they must be transformed too (DESIGN §4).
const ESM_PACKAGES = [
  '@seriousme',
  'ky',
  'msw',
  '@mswjs',
  '@bundled-es-modules',
  'until-async',
  'headers-polyfill',
  'outvariant',
  'strict-event-emitter',
  'is-node-process',
  'rettime',
  '@open-draft',
  'jose',
  // next-intl's createTranslator, which the front door formats search pages' texts with.
  'next-intl',
  'use-intl',
  'icu-minify',
  'intl-messageformat',
  '@formatjs',
];

/**
 * Files whose assertions measure time (job thread timers, "within 2 s" checks, periodic timers,
 * rate-limit windows): they run one at a time with nothing beside them, in the "serial"
 * project, so more workers for the rest never make them flaky.
 */
const TIMING_SENSITIVE = [
  'tests/integration/job-queue.test.ts',
  'tests/integration/abandoned-cart.test.ts',
  'tests/integration/cache-invalidation.test.ts',
  'tests/integration/account-security.test.ts',
  'tests/integration/accounts-api.test.ts',
  'lib/selling/preview-render.test.ts',
];

/**
 * Workers for the other files. On this 2-core machine two and three tie, both far ahead of one (a
 * file's worker often waits on its database, which runs in another process); two make fewer
 * processes compete (measured in docs/decisions.md, "Test databases from one template per run").
 */
const WORKERS = 2;

export default async function jestConfig(): Promise<Config> {
  const resolved = await createJestConfig(config)();
  const project = {
    ...resolved,
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'],
    // One seeded template database per seed size and run; each integration file copies one.
    globalSetup: '<rootDir>/tests/integration/support/template-setup.ts',
    globalTeardown: '<rootDir>/tests/integration/support/template-teardown.ts',
    // next-intl/server answering from the message files in every integration file (the file
    // checks the test's path, as both projects hold unit and integration files).
    setupFilesAfterEnv: [
      ...(resolved.setupFilesAfterEnv ?? []),
      '<rootDir>/tests/integration/support/next-intl-setup.ts',
    ],
  };
  return {
    maxWorkers: WORKERS,
    testSequencer: '<rootDir>/tests/support/test-sequencer.mjs',
    testTimeout: config.testTimeout,
    reporters: ['default', '<rootDir>/tests/support/slowest-files-reporter.mjs'],
    projects: [
      {
        ...project,
        displayName: 'parallel',
        testMatch: [...config.testMatch!, ...TIMING_SENSITIVE.map((file) => `!**/${file}`)],
      },
      {
        ...project,
        displayName: 'serial',
        testMatch: TIMING_SENSITIVE.map((file) => `<rootDir>/${file}`),
        runner: '<rootDir>/tests/support/serial-runner.mjs',
      },
    ],
  };
}
