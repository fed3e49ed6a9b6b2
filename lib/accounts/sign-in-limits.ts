import { countAttempt, RATE_LIMITS, refund, reset, resetFamily, type RateLimitRule } from '@/lib/security/rate-limit';

/** The address's own counter; the per-IP counters extend its key, so one reset lifts them all. */
function accountKey(email: string): string {
  return `sign-in-failures:account:${email}`;
}

function signInRules(email: string, ip: string): { perIp: RateLimitRule; all: RateLimitRule } {
  return {
    perIp: { key: `${accountKey(email)}:ip:${ip}`, ...RATE_LIMITS.signInFailuresPerAccountAndIp },
    all: { key: accountKey(email), ...RATE_LIMITS.signInFailuresPerAccount },
  };
}

/**
 * Counts a password sign-in for an address (lower-cased, as typed: unknown addresses count the
 * same, so the limits say nothing about which accounts exist) as a failure *before* the
 * password is checked, and refuses with 429 when this IP has failed 10 times on the address or
 * all IPs together 100 times. Call `succeeded()` when the password was right: this IP's failures
 * are forgiven and the attempt is taken back from the address's ceiling.
 */
export async function beginPasswordSignIn(email: string, ip: string): Promise<{ succeeded: () => Promise<void> }> {
  const rules = signInRules(email, ip);
  await countAttempt(rules.perIp, rules.all);
  return {
    async succeeded() {
      await reset(rules.perIp.key);
      await refund(rules.all);
    },
  };
}

/**
 * Lifts every sign-in lock of an address: its own ceiling and the lock of each IP. Called when
 * the owner sets a new password through a mailed link (recovery, completing an account): the
 * guesses counted were against a password that no longer exists, and the owner is proven.
 */
export async function liftSignInLocks(email: string): Promise<void> {
  await resetFamily(accountKey(email.toLowerCase()));
}
