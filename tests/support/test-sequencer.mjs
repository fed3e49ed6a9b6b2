// Jest's own order (failed and slow files first), and the list of the files this run will test
// kept for the global setup (tests/integration/support/template-setup.ts), which Jest calls
// after sorting, in the same process, without telling it the files: it builds the seeded
// template databases only for the sizes these files ask for.
import { createRequire } from 'node:module';

const Sequencer = createRequire(import.meta.url)('@jest/test-sequencer').default;

const TEST_PATHS = Symbol.for('kreide.jestTestPaths');

class KreideSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    globalThis[TEST_PATHS] = sorted.map((test) => test.path);
    return sorted;
  }
}

export default KreideSequencer;
