/**
 * Test-only: when KREIDE_TEST_CRASH_AT names a point, the process kills itself there with SIGKILL,
 * as a power cut or an OOM kill would, so the crash test (`scripts/test-crash.ts`) can prove what
 * survives at each step of a checkout and a payment. Unset in every real deployment: then this is
 * one comparison.
 */
export const CRASH_POINTS = [
  'checkout:before-commit',
  'checkout:after-commit',
  'webhook:before-commit',
  'webhook:after-commit',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export function crashPoint(point: CrashPoint): void {
  if (process.env.KREIDE_TEST_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}
