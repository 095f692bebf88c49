/**
 * The production hash, proven here once: every other test runs its servers with PASSWORD_HASH_COST=test, a
 * small Argon2id, because a sign-in there is a step towards what it tests.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { PRODUCTION_ENV } from '../../../test/helpers.ts';
import { hashPassword, setPasswordHashCost, verifyPassword } from './passwords.ts';

afterAll(() => setPasswordHashCost('test'));

describe('password hashes', () => {
  it("are OWASP's Argon2id (19 MiB, 2 passes, 1 lane) unless a test server asks otherwise", async () => {
    expect(loadConfig({ NODE_ENV: 'development' }).PASSWORD_HASH_COST).toBe('owasp');
    setPasswordHashCost('owasp');
    const stored = await hashPassword('correct horse 42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(stored, 'correct horse 42')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse 43')).toBe(false);
    // A salt per hash: the same password never gives the same text.
    expect(await hashPassword('correct horse 42')).not.toBe(stored);
  });

  it('made at the test size still verify after the size changes, since a hash carries its parameters', async () => {
    setPasswordHashCost('test');
    const small = await hashPassword('pass-1234');
    expect(small).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    setPasswordHashCost('owasp');
    expect(await verifyPassword(small, 'pass-1234')).toBe(true);
    expect(await verifyPassword('not a hash', 'pass-1234')).toBe(false);
  });

  it('cannot be made small in production', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, PASSWORD_HASH_COST: 'test' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  PASSWORD_HASH_COST: a test-only setting, refused in production',
      ),
    );
  });
});
