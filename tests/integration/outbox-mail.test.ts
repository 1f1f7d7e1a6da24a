/**
 * Mail delivery (docs/accounts.md "Mail delivery"): the outbox worker hands outbox rows to
 * a real SMTP server in this process (smtp-server on 127.0.0.1), retries what fails with
 * backoff, dead-letters what keeps failing, and delivers each row once however many
 * workers share the database. On SQLite and on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '#shared/locales';
import { accountHref } from '#shared/account-paths';
import { ACCOUNT_EMAIL_TEXTS } from '../../server/origin/accounts/account-emails';
import { createCustomersRepository } from '../../server/origin/accounts/customers-repository';
import { hashPassword } from '../../server/origin/auth/secrets';
import { TEST_PASSWORD_COST, TEST_PASSWORD_ENV } from './support/password-cost';
import { seededDatabaseEnv } from './support/test-database';
import { loadOriginConfig } from '../../server/origin/config';
import { openDatabase } from '../../server/origin/db';
import { loadMailConfig } from '../../server/origin/outbox/mail-config';
import { createMailTransport } from '../../server/origin/outbox/mail-transport';
import { createOutboxRepository } from '../../server/origin/outbox/outbox-repository';
import { createOutboxWorker } from '../../server/origin/outbox/outbox-worker';
import { serverText } from '../../server/origin/server-texts';
import { startOrigin } from '../../server/origin/start';
import { forEachDatabase } from './support/each-database';
import { refusedSmtpUrl, startBrokenSmtp, startLocalSmtp } from './support/local-smtp';
import type { SeededOrigin } from './support/seeded-origin';

const SENDERS: Record<Locale, string> = {
  'fi-FI': 'St1 Suomi <asiakaspalvelu@st1.fi>',
  'en-EU': 'St1 <service@st1.com>',
  'sv-SE': 'St1 Sverige <kundservice@st1.se>',
  'no-NO': 'St1 Norge <kundeservice@st1.no>',
};

/** Mail settings as the environment would give them, with short waits for the tests. */
function mailConfig(smtpUrl: string | undefined, extra: Record<string, string> = {}) {
  return loadMailConfig({
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    MAIL_FROM_FI_FI: SENDERS['fi-FI'],
    MAIL_FROM_EN_EU: SENDERS['en-EU'],
    MAIL_FROM_SV_SE: SENDERS['sv-SE'],
    MAIL_FROM_NO_NO: SENDERS['no-NO'],
    OUTBOX_RETRY_BASE_MS: '60000',
    OUTBOX_MAX_ATTEMPTS: '3',
    SMTP_TIMEOUT_MS: '400',
    ...extra,
  });
}

/** A log that keeps its lines, to check what the worker reported. */
function recordingLog() {
  const lines: Array<{ level: string; message: string; data: Record<string, unknown> }> = [];
  const at = (level: string) => (data: object, message?: string) =>
    void lines.push({ level, message: message ?? '', data: data as Record<string, unknown> });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') } as const;
}

forEachDatabase((database) => {
  describe.skipIf(database.skip !== undefined)(`outbox mail on ${database.name}`, () => {
    let origin: SeededOrigin;
    /** The worker's clock: moved on by hand, so retries are due without waiting. */
    let clock = new Date();
    const now = () => clock;

    beforeAll(async () => {
      origin = await database.startOrigin('outbox_mail');
    }, 120_000);
    afterAll(() => database.stop());

    function workerFor(
      smtpUrl: string | undefined,
      options: { extra?: Record<string, string>; db?: SeededOrigin['db'] } = {},
    ) {
      const config = mailConfig(smtpUrl, options.extra);
      const log = recordingLog();
      const dataDir = mkdtempSync(join(origin.dataDir, 'worker-'));
      const worker = createOutboxWorker({
        outbox: createOutboxRepository(options.db ?? origin.db),
        transport: createMailTransport(config, dataDir),
        config,
        log,
        now,
      });
      return { worker, log, dataDir };
    }

    async function row(id: number) {
      return origin.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }

    async function enqueue(recipient: string): Promise<number> {
      await createOutboxRepository(origin.db).enqueueEmail(
        { recipient, subject: 'Testi', body: 'Hei', locale: 'fi-FI' },
        clock,
      );
      const [message] = await createOutboxRepository(origin.db).listFor(recipient, 1);
      return message!.id;
    }

    it('delivers a password reset mail in each locale with its subject, text and working link', async () => {
      const smtp = await startLocalSmtp();
      const { worker } = workerFor(smtp.url);
      try {
        for (const locale of LOCALES) {
          const email = `reset.${locale.toLowerCase()}@example.fi`;
          await createCustomersRepository(origin.db).insert({
            email,
            passwordHash: await hashPassword('Original-pass-1', TEST_PASSWORD_COST),
            firstName: 'Mail',
            lastName: 'Test',
            phoneNumber: '',
            marketing: [],
            locale,
            emailConfirmed: true,
          });
          const asked = await origin.app.inject({
            method: 'POST',
            url: '/customers/v1/password-resets',
            headers: { 'x-st1-locale': locale },
            payload: { email, linkBase: 'http://localhost:3000' },
          });
          expect(asked.statusCode).toBe(202);
        }
        expect(await worker.runOnce()).toBe(LOCALES.length);

        for (const locale of LOCALES) {
          const email = `reset.${locale.toLowerCase()}@example.fi`;
          const mails = smtp.received.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === email);
          expect(mails, locale).toHaveLength(1);
          const mail = mails[0]!;
          expect(mail.subject).toBe(serverText(locale, ACCOUNT_EMAIL_TEXTS['reset-password'].subject));
          expect(mail.from?.text).toBe(SENDERS[locale].replace(/^([^<]+) </, '"$1" <'));
          expect(mail.text).toContain(serverText(locale, ACCOUNT_EMAIL_TEXTS['reset-password'].lead));
          const link = new RegExp(
            `^http://localhost:3000${accountHref('resetPassword', locale).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)$`,
            'm',
          ).exec(mail.text ?? '');
          expect(link, `${locale}: ${mail.text}`).not.toBeNull();
          expect(mail.messageId).toMatch(/^<outbox-\d+-\d+@st1\.(fi|com|se|no)>$/);
          // The link in the mail as received resets the password.
          const reset = await origin.app.inject({
            method: 'POST',
            url: '/customers/v1/password-resets/complete',
            headers: { 'x-st1-locale': locale },
            payload: { token: link![1], password: 'Brand-new-pass-2' },
          });
          expect(reset.statusCode, reset.body).toBe(200);
        }
        const rows = await origin.db.selectFrom('outbox').selectAll().where('recipient', 'like', 'reset.%').execute();
        expect(rows.map((r) => [r.status, r.attempts, r.sent_at !== null])).toEqual(
          LOCALES.map(() => ['delivered', 1, true]),
        );
      } finally {
        await worker.stop();
        await smtp.close();
      }
    });

    const transientFailures = {
      'refuses the connection': async () => ({
        url: await refusedSmtpUrl(),
        connections: undefined,
        close: async () => {},
      }),
      'never answers (time-out)': () => startBrokenSmtp('silent'),
      'drops the connection': () => startBrokenSmtp('drop'),
      'answers 451 (try again later)': () => startLocalSmtp({ refuse: { code: 451, message: 'Try again later' } }),
    };

    for (const [name, start] of Object.entries(transientFailures)) {
      it(`retries with backoff and then dead-letters a mail when the server ${name}`, async () => {
        const server = await start();
        const { worker, log } = workerFor(server.url);
        try {
          const id = await enqueue(`failing.${name.replace(/\W+/g, '-')}@example.fi`);
          const waits: number[] = [];
          for (let attempt = 1; attempt <= 3; attempt += 1) {
            expect(await worker.runOnce()).toBe(1);
            const after = await row(id);
            expect(after.attempts).toBe(attempt);
            expect(after.last_error).toBeTruthy();
            if (attempt < 3) {
              expect(after.status).toBe('pending');
              waits.push(Date.parse(after.next_attempt_at!) - clock.getTime());
              // Not due before its time: a run now takes nothing.
              expect(await worker.runOnce()).toBe(0);
              clock = new Date(Date.parse(after.next_attempt_at!));
            } else expect(after.status).toBe('dead');
          }
          expect(waits).toEqual([60_000, 120_000]);
          if (server.connections) expect(server.connections()).toBe(3);
          // Dead is final: later runs leave it alone.
          clock = new Date(clock.getTime() + 24 * 3600_000);
          expect(await worker.runOnce()).toBe(0);
          expect(log.lines.filter((line) => line.level === 'warn' && line.data.outboxId === id)).toHaveLength(2);
          expect(log.lines.filter((line) => line.level === 'error' && line.data.outboxId === id)).toHaveLength(1);
        } finally {
          await worker.stop();
          await server.close();
        }
      }, 30_000);
    }

    it('sends a receipt with its HTML alternative beside the text', async () => {
      const smtp = await startLocalSmtp();
      const { worker } = workerFor(smtp.url);
      try {
        await origin.db
          .insertInto('outbox')
          .values({
            channel: 'email',
            recipient: 'receipt.html@example.fi',
            subject: 'Tilausvahvistus ORD-1',
            body: 'Kiitos tilauksestasi!',
            html_body: '<!doctype html><p>Kiitos <strong>tilauksestasi</strong>!</p>',
            dedupe_key: 'receipt-email:html-test',
            locale: 'fi-FI',
            created_at: clock.toISOString(),
            sent_at: null,
          })
          .execute();
        await worker.runOnce();
        const mail = smtp.received.find((item) => item.subject === 'Tilausvahvistus ORD-1');
        expect(mail?.text?.trim()).toBe('Kiitos tilauksestasi!');
        expect(mail?.html).toContain('<strong>tilauksestasi</strong>');
      } finally {
        await smtp.close();
      }
    });

    it('dead-letters at once a mail the server refuses permanently (550)', async () => {
      const smtp = await startLocalSmtp({ refuse: { code: 550, message: 'No such user' } });
      const { worker } = workerFor(smtp.url);
      try {
        const id = await enqueue('nobody@example.fi');
        expect(await worker.runOnce()).toBe(1);
        expect(await row(id)).toMatchObject({ status: 'dead', attempts: 1 });
        expect((await row(id)).last_error).toContain('No such user');
      } finally {
        await worker.stop();
        await smtp.close();
      }
    });

    it('delivers on a later attempt once the server is back', async () => {
      const busy = await startLocalSmtp({ refuse: { code: 421, message: 'Busy' } });
      const first = workerFor(busy.url);
      const id = await enqueue('patient@example.fi');
      expect(await first.worker.runOnce()).toBe(1);
      await first.worker.stop();
      await busy.close();
      expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });

      const smtp = await startLocalSmtp();
      const second = workerFor(smtp.url);
      try {
        clock = new Date(Date.parse((await row(id)).next_attempt_at!));
        expect(await second.worker.runOnce()).toBe(1);
        expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
        expect(smtp.received.map((mail) => mail.subject)).toEqual(['Testi']);
      } finally {
        await second.worker.stop();
        await smtp.close();
      }
    });

    it('two origin processes on one database deliver each row once', async () => {
      const smtp = await startLocalSmtp();
      // A second connection of its own, as another origin process has.
      const otherDb = openDatabase({ dataDir: origin.dataDir, databaseUrl: origin.databaseUrl });
      const one = workerFor(smtp.url);
      const two = workerFor(smtp.url, { db: otherDb });
      try {
        const ids = [];
        for (let index = 0; index < 40; index += 1) ids.push(await enqueue(`many.${index}@example.fi`));
        const [handledByOne, handledByTwo] = await Promise.all([one.worker.runOnce(), two.worker.runOnce()]);
        expect(handledByOne + handledByTwo).toBe(40);
        const messageIds = smtp.received.map((mail) => mail.messageId);
        expect(messageIds).toHaveLength(40);
        expect(new Set(messageIds).size).toBe(40);
        const rows = await origin.db
          .selectFrom('outbox')
          .select(['status', 'attempts'])
          .where('id', 'in', ids)
          .execute();
        expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
      } finally {
        await Promise.all([one.worker.stop(), two.worker.stop()]);
        await otherDb.destroy();
        await smtp.close();
      }
    }, 60_000);

    it('two origin processes (child processes) on one database deliver each row once', async () => {
      const smtp = await startLocalSmtp();
      try {
        const ids = [];
        for (let index = 0; index < 60; index += 1) ids.push(await enqueue(`process.${index}@example.fi`));
        // Both start at the same moment, after their start-up (tsx) is done.
        const startAt = String(Date.now() + 5000);
        const worker = () =>
          new Promise<number>((resolve, reject) => {
            execFile(
              'npx',
              [
                'tsx',
                'tests/integration/support/outbox-worker-process.ts',
                origin.dataDir,
                origin.databaseUrl ?? '-',
                smtp.url,
                startAt,
              ],
              { timeout: 60_000 },
              (error, stdout, stderr) =>
                error
                  ? reject(new Error(`${error.message}\n${stderr}`))
                  : resolve((JSON.parse(stdout) as { handled: number }).handled),
            );
          });
        const handled = await Promise.all([worker(), worker()]);
        expect(handled[0]! + handled[1]!).toBe(60);
        const messageIds = smtp.received.map((mail) => mail.messageId);
        expect(messageIds).toHaveLength(60);
        expect(new Set(messageIds).size).toBe(60);
        const rows = await origin.db
          .selectFrom('outbox')
          .select(['status', 'attempts'])
          .where('id', 'in', ids)
          .execute();
        expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
      } finally {
        await smtp.close();
      }
    }, 90_000);

    it('takes over the row of a worker that died while sending, once its claim ran out', async () => {
      const smtp = await startLocalSmtp();
      const { worker } = workerFor(smtp.url);
      try {
        const id = await enqueue('orphan@example.fi');
        const outbox = createOutboxRepository(origin.db);
        const dying = await outbox.claimNext(clock, 60_000);
        expect(dying?.id).toBe(id);
        // Still claimed: nobody else takes it.
        expect(await worker.runOnce()).toBe(0);
        clock = new Date(clock.getTime() + 10 * 60_000);
        expect(await worker.runOnce()).toBe(1);
        expect(await row(id)).toMatchObject({ status: 'delivered', attempts: 2 });
        // The dead worker's late word changes nothing.
        expect(await outbox.markDead(dying!, 'late')).toBe(false);
        expect(await row(id)).toMatchObject({ status: 'delivered' });
      } finally {
        await worker.stop();
        await smtp.close();
      }
    });

    it('without SMTP_URL writes each mail as a .eml file under DATA_DIR/mail and marks it delivered', async () => {
      const { worker, dataDir } = workerFor(undefined);
      try {
        const id = await enqueue('developer@example.fi');
        expect(await worker.runOnce()).toBe(1);
        const file = join(dataDir, 'mail', `outbox-${id}.eml`);
        expect(existsSync(file)).toBe(true);
        const mail = await simpleParser(readFileSync(file));
        expect(mail.subject).toBe('Testi');
        expect(mail.text?.trim()).toBe('Hei');
        expect(mail.from?.value[0]?.address).toBe('asiakaspalvelu@st1.fi');
        expect(await row(id)).toMatchObject({ status: 'delivered' });
      } finally {
        await worker.stop();
      }
    });
  });
});

function registration(email: string) {
  return {
    email,
    password: 'Uusi-salasana-9',
    firstName: 'Sven',
    lastName: 'Ny',
    phoneNumber: '+46701234567',
    marketing: [],
  };
}

describe('the outbox worker in a started origin', () => {
  it('starts with the origin, mails what a request queued without holding the request up, and stops with it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'st1-outbox-start-'));
    const smtp = await startLocalSmtp();
    // A copy of the run's seeded template (this test is about the worker, not the seed).
    const running = await startOrigin(
      loadOriginConfig({
        DATA_DIR: dataDir,
        CONTENT_DIR: 'content',
        ...TEST_PASSWORD_ENV,
        ...(await seededDatabaseEnv('outbox_start', dataDir)),
        SMTP_URL: smtp.url,
        OUTBOX_POLL_INTERVAL_MS: '50',
      } as NodeJS.ProcessEnv),
    );
    try {
      const answer = await fetch(`${running.url}/customers/v1/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-st1-locale': 'sv-SE' },
        body: JSON.stringify(registration('new.customer@example.se')),
      });
      expect(answer.status, await answer.text()).toBe(202);
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
      expect(smtp.received[0]!.subject).toBe(serverText('sv-SE', ACCOUNT_EMAIL_TEXTS['confirm-email'].subject));
    } finally {
      await running.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
