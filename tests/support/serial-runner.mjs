// The Jest runner of the "serial" project: Jest's own runner, but its files run one after
// another in Jest's main process, never beside another file. Timing-sensitive files (job
// thread timers, "within 2 s" checks, rate-limit windows) run there, so more workers for the
// rest never make them flaky (`TIMING_SENSITIVE` in jest.config.ts). Jest runs one runner's
// files after the other's.
import { createRequire } from 'node:module';

const TestRunner = createRequire(import.meta.url)('jest-runner').default;

class SerialRunner extends TestRunner {
  isSerial = true;
}

export default SerialRunner;
