import argon2 from 'argon2';

/**
 * argon2id's cost under Jest (NODE_ENV=test, which Jest sets and no server runs with): 4 MiB, one
 * pass, one lane instead of the library's 64 MiB, three passes, four lanes. The same algorithm,
 * hashing and checking for real, at about 2 ms instead of 150 ms of two cores: the API tests sign
 * in, register and check passwords over a thousand times, and at full cost that was a third of
 * their time. No test measures the cost; the servers (`npm start`, the browser journeys) hash at
 * full cost.
 */
const TEST_COST = { memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;

function cost() {
  return process.env.NODE_ENV === 'test' ? TEST_COST : {};
}

/** Passwords are hashed with argon2id, with the library's defaults (see TEST_COST for Jest). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost() });
}

/** Whether `password` is the one `hash` was made from; false for a hash that cannot be read. */
export function passwordMatches(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}
