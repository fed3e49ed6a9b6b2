import { hashPassword, passwordMatches } from './password-hash';

describe('password hashes', () => {
  const env = process.env as Record<string, string | undefined>;
  const saved = env.NODE_ENV;
  afterEach(() => {
    env.NODE_ENV = saved;
  });

  it('are argon2id at the library’s full cost outside Jest', async () => {
    env.NODE_ENV = 'production';
    const hash = await hashPassword('ein langes Passwort');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await passwordMatches(hash, 'ein langes Passwort')).toBe(true);
  });

  it('are argon2id at a low cost under Jest, and still tell a wrong password apart', async () => {
    env.NODE_ENV = 'test';
    const hash = await hashPassword('ein langes Passwort');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=4096,p=1,t=1\$/);
    expect(await passwordMatches(hash, 'ein langes Passwort')).toBe(true);
    expect(await passwordMatches(hash, 'ein langes passwort')).toBe(false);
  });

  it('never match a stored value that is no hash', async () => {
    expect(await passwordMatches('', 'x')).toBe(false);
    expect(await passwordMatches('$argon2id$broken', 'x')).toBe(false);
  });
});
