import { RATE_LIMITS, signUpsPerIp } from './rate-limit';

describe('the sign-up limit per address', () => {
  const saved = process.env.KREIDE_TEST_SIGN_UPS_PER_IP;
  afterEach(() => {
    if (saved === undefined) delete process.env.KREIDE_TEST_SIGN_UPS_PER_IP;
    else process.env.KREIDE_TEST_SIGN_UPS_PER_IP = saved;
  });

  it('is 10 an hour unless the browser journeys’ server raises it', () => {
    delete process.env.KREIDE_TEST_SIGN_UPS_PER_IP;
    expect(RATE_LIMITS.signUpPerIp.limit).toBe(10);
    expect(signUpsPerIp()).toBe(10);
    process.env.KREIDE_TEST_SIGN_UPS_PER_IP = '100';
    expect(signUpsPerIp()).toBe(100);
  });

  it.each(['', '0', '-5', '2.5', '1001', 'unlimited'])('keeps the real limit for a setting of %j', (value) => {
    process.env.KREIDE_TEST_SIGN_UPS_PER_IP = value;
    expect(signUpsPerIp()).toBe(10);
  });
});
