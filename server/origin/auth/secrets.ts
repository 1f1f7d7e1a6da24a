/**
 * Password hashing with node:crypto scrypt (memory-hard, RFC 7914) and random tokens.
 * Hashes are self-describing (`scrypt$N$r$p$salt$hash`), so the cost can be raised
 * later and old hashes still verify.
 */
import {
  createHash,
  randomBytes,
  randomInt,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** N = 2^15, r = 8: 32 MiB of memory per hash (OWASP's scrypt minimum is N = 2^17 with r = 8, p = 1 at 128 MiB; see docs/accounts.md). */
export const SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `cost`: the origin's PASSWORD_SCRYPT_N (config.ts), SCRYPT_COST unless the tests lower it. */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash to verify against when the e-mail is unknown, so that an unknown e-mail takes
 * as long as a wrong password and the answer's timing tells nothing.
 */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost: ScryptCost = SCRYPT_COST): Promise<string> {
  // One per cost: the dummy must cost what the accounts' own hashes cost.
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword(randomBytes(16).toString('hex'), cost)));
  return hash;
}

/** A random token for a cookie or an e-mail link: 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A six-digit code a person can type from an e-mail (kept beside a token, hashed). */
export function newShortCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What the database keeps of a token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
