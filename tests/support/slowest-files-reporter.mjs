// Prints the ten slowest test files of a Jest run with their times, so the next slowdown is
// seen when it happens. Wired in jest.config.ts beside Jest's default reporter.
import path from 'node:path';

const SHOWN = 10;

class SlowestFilesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.started = Date.now();
  }

  onRunStart() {
    this.started = Date.now();
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((result) => ({
        file: path.relative(this.rootDir, result.testFilePath),
        seconds: (result.perfStats.end - result.perfStats.start) / 1000,
        tests: result.numPassingTests + result.numFailingTests + result.numPendingTests + result.numTodoTests,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    if (files.length === 0) return;
    const wall = (Date.now() - this.started) / 1000;
    const lines = files.map(
      ({ file, seconds, tests }) => `  ${seconds.toFixed(1).padStart(7)} s  ${file} (${tests} tests)`,
    );
    process.stdout.write(
      `\nThe ${files.length} slowest test files (run: ${wall.toFixed(0)} s wall, ` +
        `${results.numTotalTestSuites} files, ${results.numTotalTests} tests):\n${lines.join('\n')}\n`,
    );
  }
}

export default SlowestFilesReporter;
