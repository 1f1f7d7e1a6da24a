/**
 * The per-account login limit keeps its owner able to log in (docs/accounts.md "Rate
 * limits"): ten wrong passwords pause logins to the address for the rest of a 15-minute
 * window, for everyone, but the first refusal mails the owner an unlock link whose token
 * lets the right password in at once. Someone who only knows the address gets nothing
 * from it, and cannot end the owner's link by locking the account again. On SQLite and
 * on PostgreSQL.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/origin/auth/secrets';
import { TEST_PASSWORD_COST } from './support/password-cost';
import { createCustomersRepository } from '../../server/origin/accounts/customers-repository';
import { LOGIN_FAILURE_LIMIT } from '../../server/origin/accounts/login-failures-repository';
import { createOutboxRepository } from '../../server/origin/outbox/outbox-repository';
import { forEachDatabase } from './support/each-database';
import type { SeededOrigin } from './support/seeded-origin';

const { max } = LOGIN_FAILURE_LIMIT;

forEachDatabase((database) => {
  // Each test hashes dozens of passwords with scrypt: slow on a busy 2-core machine.
  describe.skipIf(database.skip !== undefined)(`login lock-out on ${database.name}`, { timeout: 90_000 }, () => {
    let origin: SeededOrigin;
    beforeAll(async () => {
      origin = await database.startOrigin('lockout');
    }, 120_000);
    afterAll(() => database.stop());

    function login(email: string, password: string, unlockToken?: string) {
      return origin.app.inject({
        method: 'POST',
        url: '/customers/v1/sessions',
        headers: { 'content-type': 'application/json', 'x-st1-locale': 'en-EU' },
        payload: { email, password, linkBase: 'http://localhost', ...(unlockToken ? { unlockToken } : {}) },
      });
    }

    async function newCustomer(email: string, password: string) {
      await createCustomersRepository(origin.db).insert({
        email,
        passwordHash: await hashPassword(password, TEST_PASSWORD_COST),
        firstName: 'Locked',
        lastName: 'Out',
        phoneNumber: '',
        marketing: [],
        locale: 'en-EU',
        emailConfirmed: true,
      });
    }

    async function unlockMails(email: string) {
      return (await createOutboxRepository(origin.db).listFor(email)).filter((mail) =>
        mail.subject?.startsWith('Logins to your St1 account are paused'),
      );
    }
    const tokenIn = (body: string) => /token=([A-Za-z0-9_-]+)/.exec(body)?.[1];

    /** Ten wrong passwords, then the first refusal (which mails the link). */
    async function lockOut(email: string) {
      for (let index = 0; index < max; index += 1) expect((await login(email, `guess-${index}`)).statusCode).toBe(401);
      const refused = await login(email, 'guess-again');
      expect(refused.statusCode).toBe(429);
      return refused;
    }

    describe('a locked-out account', () => {
      it('says how long to wait, mails the owner one unlock link, and lets the right password in with it', async () => {
        const email = 'owner@example.fi';
        const password = 'Owner-password-1';
        await newCustomer(email, password);
        const refused = await lockOut(email);
        const after = Number(refused.headers['retry-after']);
        expect(after).toBeGreaterThan(LOGIN_FAILURE_LIMIT.windowMs / 1000 - 60);
        expect(refused.json()).toEqual({
          status: 429,
          code: 'TOO_MANY_REQUESTS',
          message: `Too many attempts, try again in ${after} s`,
          reason: 'account-locked',
        });
        // More refusals in the same window mail nothing more.
        expect((await login(email, 'guess-more')).statusCode).toBe(429);
        const mails = await unlockMails(email);
        expect(mails).toHaveLength(1);
        const link = /http:\/\/localhost\/en-EU\/account\/login\?token=[A-Za-z0-9_-]+/.exec(mails[0]!.body)?.[0];
        expect(link, mails[0]!.body).toBeTruthy();
        const token = tokenIn(mails[0]!.body)!;

        // The right password alone still waits; with the link's token it gets in.
        expect((await login(email, password)).statusCode).toBe(429);
        // A mistyped password with the link does not use the link up.
        expect((await login(email, 'mistyped', token)).statusCode).toBe(401);
        const unlocked = await login(email, password, token);
        expect(unlocked.statusCode, unlocked.body).toBe(201);
        // The link works once, and the count starts again.
        expect((await login(email, password, token)).statusCode).toBe(201);
        await lockOut(email);
        expect((await login(email, password, token)).statusCode).toBe(429);
      });

      it("gives an unknown address the same answer and mails no one; another account's link opens nothing", async () => {
        await newCustomer('victim@example.fi', 'Victim-password-1');
        await newCustomer('attacker@example.fi', 'Attacker-password-1');
        const known = await lockOut('victim@example.fi');
        const unknown = await lockOut('nobody.at.all@example.fi');
        expect(unknown.body.replace(/\d+/g, 'N')).toBe(known.body.replace(/\d+/g, 'N'));
        expect(await unlockMails('nobody.at.all@example.fi')).toEqual([]);
        // The attacker locks their own account to get a link of their own: it opens only theirs.
        await lockOut('attacker@example.fi');
        const attackerToken = tokenIn((await unlockMails('attacker@example.fi'))[0]!.body)!;
        expect((await login('victim@example.fi', 'Victim-password-1', attackerToken)).statusCode).toBe(429);
      });

      it("keeps the owner's link working when the account is locked again in a new window", async () => {
        const email = 'relocked@example.fi';
        const password = 'Relocked-password-1';
        await newCustomer(email, password);
        await lockOut(email);
        const first = tokenIn((await unlockMails(email))[0]!.body)!;
        // The window ends and the attacker locks the account again: a second mail.
        await sql`update login_failures set window_started_at = ${new Date(Date.now() - LOGIN_FAILURE_LIMIT.windowMs - 1000).toISOString()} where email = ${email}`.execute(
          origin.db,
        );
        await lockOut(email);
        expect(await unlockMails(email)).toHaveLength(2);
        expect((await login(email, password, first)).statusCode).toBe(201);
      });
    });
  });
});
