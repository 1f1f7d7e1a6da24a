/**
 * The scrypt cost of the tests' password hashes: N = 2^10 (about 2 ms a hash) instead of
 * the product's 2^15 (about 100 ms idle, several times that on the busy CI machine). Every
 * login, registration, password change and reset of the integration suite paid it; the
 * lock-out tests make dozens each. The origins started here get it as configuration
 * (PASSWORD_SCRYPT_N, server/origin/config.ts, which refuses it under NODE_ENV=production),
 * and the tests' own hashes take it; the product's parameters are checked by
 * server/origin/auth/secrets.test.ts and config.test.ts.
 */
import { SCRYPT_COST, type ScryptCost } from '../../../server/origin/auth/secrets';

const TEST_SCRYPT_N = 2 ** 10;

/** For hashPassword() in a test and for the origin app's `passwordCost`. */
export const TEST_PASSWORD_COST: ScryptCost = { ...SCRYPT_COST, N: TEST_SCRYPT_N };

/** The same as origin configuration (loadOriginConfig), for origins started in this process. */
export const TEST_PASSWORD_ENV = { PASSWORD_SCRYPT_N: String(TEST_SCRYPT_N) } as const;
