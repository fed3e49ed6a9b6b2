/**
 * Jest setup (setupFilesAfterEnv of both projects): every integration file renders server
 * components and routes without a Next request, so `next-intl/server` answers from the message
 * files instead (translations.ts). A file that needs another behaviour still mocks it itself:
 * its own jest.mock call comes later and wins. Unit tests keep the real module or mock it
 * their own way.
 */
if (expect.getState().testPath?.includes('/tests/integration/')) {
  jest.mock(
    'next-intl/server',
    () => jest.requireActual<typeof import('./translations')>('./translations').nextIntlServer,
  );
}
