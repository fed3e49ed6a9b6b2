/** @jest-config-loader esbuild-register */
import nextJest from 'next/jest.js';
import type { Config } from 'jest';

const createJestConfig = nextJest({ dir: './' });

const config: Config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.ts', '<rootDir>/**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '<rootDir>/tests/e2e/'],
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
];

export default async function jestConfig(): Promise<Config> {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'],
  };
}
