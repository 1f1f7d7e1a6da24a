/**
 * Password reset links (docs/accounts.md "Registration, confirmation, password reset"):
 * only the newest link of an account works, and a changed password ends every link,
 * so a link left in an old mail (or a mailbox someone else read) is worth nothing. On
 * SQLite and on PostgreSQL.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, tokenHash } from '../../server/origin/auth/secrets';
import { TEST_PASSWORD_COST } from './support/password-cost';
import { createAccountTokensRepository } from '../../server/origin/accounts/account-tokens-repository';
import { createCustomersRepository } from '../../server/origin/accounts/customers-repository';
import { createOutboxRepository } from '../../server/origin/outbox/outbox-repository';
import { forEachDatabase } from './support/each-database';
import type { SeededOrigin } from './support/seeded-origin';

forEachDatabase((database) => {
  describe.skipIf(database.skip !== undefined)(`reset links on ${database.name}`, () => {
    let origin: SeededOrigin;
    beforeAll(async () => {
      origin = await database.startOrigin('reset_tokens');
    }, 120_000);
    afterAll(() => database.stop());

    function post(url: string, payload: object, token?: string): Promise<LightMyRequestResponse> {
      return origin.app.inject({
        method: 'POST',
        url,
        payload,
        headers: {
          'content-type': 'application/json',
          'x-st1-locale': 'en-EU',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    }

    async function newCustomer(email: string, password: string) {
      await createCustomersRepository(origin.db).insert({
        email,
        passwordHash: await hashPassword(password, TEST_PASSWORD_COST),
        firstName: 'Reset',
        lastName: 'Test',
        phoneNumber: '',
        marketing: [],
        locale: 'en-EU',
        emailConfirmed: true,
      });
    }

    /** Asks for a reset link and reads its token from the outbox, as the mail's reader would. */
    async function requestReset(email: string): Promise<string> {
      expect((await post('/customers/v1/password-resets', { email })).statusCode).toBe(202);
      const [mail] = await createOutboxRepository(origin.db).listFor(email, 1);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
      expect(token).toBeTruthy();
      return token!;
    }

    const completeReset = (token: string, password: string) =>
      post('/customers/v1/password-resets/complete', { token, password });

    describe('password reset tokens', () => {
      it('a new reset link ends every older one of the account', async () => {
        const email = 'two.links@example.fi';
        await newCustomer(email, 'Original-pass-1');
        const oldest = await requestReset(email);
        const older = await requestReset(email);
        const newer = await requestReset(email);
        expect(new Set([oldest, older, newer]).size).toBe(3);
        for (const stale of [oldest, older]) {
          const refused = await completeReset(stale, 'Stolen-pass-123');
          expect(refused.statusCode).toBe(400);
          expect(refused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
        }
        expect((await completeReset(newer, 'Newest-pass-123')).statusCode).toBe(200);
      });

      it("another account's new link leaves this account's link working", async () => {
        await newCustomer('mine@example.fi', 'Original-pass-1');
        await newCustomer('theirs@example.fi', 'Original-pass-1');
        const mine = await requestReset('mine@example.fi');
        await requestReset('theirs@example.fi');
        expect((await completeReset(mine, 'Mine-new-pass-1')).statusCode).toBe(200);
      });

      it('a password change ends every reset link issued before it', async () => {
        const email = 'changes.password@example.fi';
        await newCustomer(email, 'Original-pass-1');
        const link = await requestReset(email);
        const login = await post('/customers/v1/sessions', { email, password: 'Original-pass-1' });
        expect(login.statusCode, login.body).toBe(201);
        const change = await post(
          '/customers/v1/password',
          { currentPassword: 'Original-pass-1', newPassword: 'Changed-pass-123' },
          (login.json() as { token: string }).token,
        );
        expect(change.statusCode, change.body).toBe(200);
        const refused = await completeReset(link, 'Stolen-pass-123');
        expect(refused.statusCode).toBe(400);
        expect((await post('/customers/v1/sessions', { email, password: 'Changed-pass-123' })).statusCode).toBe(201);
      });

      it('a link issued at the same moment as a newer one (neither ended the other) does not work', async () => {
        const email = 'same.moment@example.fi';
        await newCustomer(email, 'Original-pass-1');
        const customer = (await createCustomersRepository(origin.db).findByEmail(email))!;
        const tokens = createAccountTokensRepository(origin.db);
        const issuedAt = new Date();
        const older = await tokens.issue(customer.id, 'reset-password', issuedAt);
        // The other request's row, written without seeing this one (as two PostgreSQL
        // transactions at once would): nothing ended `older`.
        await origin.db
          .insertInto('customer_tokens')
          .values({
            token_hash: tokenHash('a-newer-token-written-at-the-same-moment'),
            customer_id: customer.id,
            purpose: 'reset-password',
            created_at: new Date(issuedAt.getTime() + 1).toISOString(),
            expires_at: new Date(issuedAt.getTime() + 3_600_000).toISOString(),
            used_at: null,
          })
          .execute();
        expect(await tokens.consume(older, 'reset-password')).toBeUndefined();
        expect(await tokens.consume('a-newer-token-written-at-the-same-moment', 'reset-password')).toBe(customer.id);
      });
    });
  });
});
