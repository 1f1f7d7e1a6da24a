import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, SCRYPT_COST, verifyPassword } from './secrets';

describe('password hashes', () => {
  // The product's parameters: the integration tests hash at a lower cost (PASSWORD_SCRYPT_N,
  // tests/integration/support/password-cost.ts), so this is where the real ones are checked.
  it('are scrypt with N = 2^15, r = 8, p = 1 by default, and verify only the right password', async () => {
    expect(SCRYPT_COST).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    const stored = await hashPassword('Oikea-salasana-1');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Oikea-salasana-1', stored)).toBe(true);
    expect(await verifyPassword('Väärä-salasana-1', stored)).toBe(false);
  });

  it('carry their own cost, so a hash made at another cost still verifies', async () => {
    const cheaper = await hashPassword('Oikea-salasana-1', { ...SCRYPT_COST, N: 2 ** 10 });
    expect(cheaper).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Oikea-salasana-1', cheaper)).toBe(true);
    expect(await verifyPassword('Oikea-salasana-2', cheaper)).toBe(false);
  });

  it('have a dummy per cost for unknown e-mails, made once', async () => {
    const cheap = { ...SCRYPT_COST, N: 2 ** 10 };
    expect(await dummyPasswordHash(cheap)).toMatch(/^scrypt\$1024\$/);
    expect(await dummyPasswordHash(cheap)).toBe(await dummyPasswordHash(cheap));
    expect(await dummyPasswordHash()).toMatch(/^scrypt\$32768\$/);
  });
});
