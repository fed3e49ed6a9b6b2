import { getEnv, resetEnvCache } from '@/lib/env';
import { failureMessage, listJobsQuerySchema } from './admin';
import { jobsRunInProcess } from './workers';

describe('failureMessage', () => {
  it('reads the message of each shape pg-boss stores a failure in', () => {
    expect(failureMessage({ name: 'Error', message: 'SMTP 451', stack: 'Error: SMTP 451\n at x' })).toBe('SMTP 451');
    expect(failureMessage({ value: { message: 'job failed by timeout in active state' } })).toBe(
      'job failed by timeout in active state',
    );
    expect(failureMessage({ value: 'pg-boss shut down while active' })).toBe('pg-boss shut down while active');
    expect(failureMessage(null)).toBeNull();
    expect(failureMessage({ value: 42 })).toBeNull();
    expect(failureMessage({ message: 'x'.repeat(2000) })).toHaveLength(500);
  });
});

describe('the admin list query', () => {
  it('lists failed jobs by default and refuses unknown states and names', () => {
    expect(listJobsQuerySchema.parse({})).toEqual({ state: 'failed', page: 1, limit: 50 });
    expect(listJobsQuerySchema.safeParse({ state: 'lost' }).success).toBe(false);
    expect(listJobsQuerySchema.safeParse({ name: "x' OR 1=1" }).success).toBe(false);
    expect(listJobsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('where jobs run', () => {
  it('runs them in the web process on the embedded database whatever JOBS_IN_PROCESS says', () => {
    expect(jobsRunInProcess({ JOBS_IN_PROCESS: false })).toBe(true);
    expect(jobsRunInProcess({ DATABASE_URL: 'postgres://db/kreide', JOBS_IN_PROCESS: true })).toBe(true);
    expect(jobsRunInProcess({ DATABASE_URL: 'postgres://db/kreide', JOBS_IN_PROCESS: false })).toBe(false);
  });

  it('reads JOBS_IN_PROCESS as true unless it says false, and refuses anything else', () => {
    const before = process.env.JOBS_IN_PROCESS;
    try {
      for (const [value, expected] of [
        [undefined, true],
        ['', true],
        ['true', true],
        ['false', false],
      ] as const) {
        if (value === undefined) delete process.env.JOBS_IN_PROCESS;
        else process.env.JOBS_IN_PROCESS = value;
        resetEnvCache();
        expect(getEnv().JOBS_IN_PROCESS).toBe(expected);
      }
      process.env.JOBS_IN_PROCESS = 'no';
      resetEnvCache();
      expect(() => getEnv()).toThrow(/JOBS_IN_PROCESS/);
    } finally {
      if (before === undefined) delete process.env.JOBS_IN_PROCESS;
      else process.env.JOBS_IN_PROCESS = before;
      resetEnvCache();
    }
  });
});
