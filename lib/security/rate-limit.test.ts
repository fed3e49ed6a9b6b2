import { limitOf, RATE_LIMITS } from './rate-limit';

describe('the limit a rule holds', () => {
  const saved = process.env.KREIDE_TEST_PER_IP_LIMIT_FACTOR;
  afterEach(() => {
    if (saved === undefined) delete process.env.KREIDE_TEST_PER_IP_LIMIT_FACTOR;
    else process.env.KREIDE_TEST_PER_IP_LIMIT_FACTOR = saved;
  });
  const signUps = { key: 'sign-up:ip:203.0.113.9', ...RATE_LIMITS.signUpPerIp };
  const passwordChecks = { key: 'password-check-failures:ip:203.0.113.9', ...RATE_LIMITS.passwordCheckFailuresPerIp };

  it('is the real figure unless the browser journeys’ server raises per-address limits', () => {
    delete process.env.KREIDE_TEST_PER_IP_LIMIT_FACTOR;
    expect(limitOf(signUps)).toBe(10);
    expect(limitOf(passwordChecks)).toBe(20);
    process.env.KREIDE_TEST_PER_IP_LIMIT_FACTOR = '10';
    expect(limitOf(signUps)).toBe(100);
    expect(limitOf(passwordChecks)).toBe(200);
  });

  it('never raises a limit of an account, alone or with an address', () => {
    process.env.KREIDE_TEST_PER_IP_LIMIT_FACTOR = '10';
    const account = { key: 'password-check-failures:account:7', ...RATE_LIMITS.passwordCheckFailuresPerAccount };
    const lock = { key: 'sign-in-failures:a@b.c:ip:203.0.113.9', ...RATE_LIMITS.signInFailuresPerAccountAndIp };
    expect(limitOf(account)).toBe(5);
    expect(limitOf(lock)).toBe(10);
  });

  it.each(['', '0', '-5', '2.5', '101', 'unlimited'])('keeps the real limit for a setting of %j', (value) => {
    process.env.KREIDE_TEST_PER_IP_LIMIT_FACTOR = value;
    expect(limitOf(signUps)).toBe(10);
  });
});
