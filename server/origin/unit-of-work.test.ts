/**
 * The unit of work (decision 015) on a real SQLite database: one transaction over two
 * domains commits both writes or neither, each domain's repositories are built once per
 * transaction, and a domain provides its factory once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './db';
import { migrateToLatest } from './migrate';
import { createOriginUnitOfWork } from './origin-unit-of-work';
import { createFormsRepositories } from './forms/forms-repositories';
import { createOutboxRepositories } from './outbox/outbox-repositories';
import { createUnitOfWork } from './unit-of-work';

let dataDir: string;
let db: Db;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'st1-unit-of-work-'));
  db = openDatabase({ dataDir });
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const submission = { form: 'contact', locale: 'fi-FI', fields: { message: 'Hei' }, customerId: null };
const mail = { recipient: 'asiakaspalvelu@st1.example', subject: '[contact]', body: 'Hei' };

describe('the unit of work', () => {
  it('commits the writes of two domains together', async () => {
    const work = createOriginUnitOfWork(db);
    const id = await work.transaction(async (tx) => {
      const submissionId = await tx.forms.submissions.insert(submission);
      await tx.outbox.messages.enqueueEmail(mail);
      return submissionId;
    });
    expect(id).toBeGreaterThan(0);
    expect(await work.repositories.forms.submissions.count()).toBe(1);
    expect(await work.repositories.outbox.messages.listFor(mail.recipient)).toHaveLength(1);
  });

  it('rolls back both domains when the work fails after the first write', async () => {
    const work = createOriginUnitOfWork(db);
    await expect(
      work.transaction(async (tx) => {
        await tx.forms.submissions.insert(submission);
        await tx.outbox.messages.enqueueEmail(mail);
        throw new Error('the second step failed');
      }),
    ).rejects.toThrow('the second step failed');
    expect(await work.repositories.forms.submissions.count()).toBe(0);
    expect(await work.repositories.outbox.messages.listFor(mail.recipient)).toEqual([]);
  });

  it('builds each provided domain once per transaction, and only those', async () => {
    const work = createUnitOfWork(db);
    let built = 0;
    work.provide('forms', (connection) => {
      built += 1;
      return createFormsRepositories(connection);
    });
    expect(built).toBe(1); // on the database, by `provide`
    const domains = await work.transaction(async (tx) => {
      // Built on the transaction, not the database's repositories handed again.
      expect(tx.forms).not.toBe(work.repositories.forms);
      return Object.keys(tx);
    });
    expect(built).toBe(2);
    expect(domains).toEqual(['forms']);
  });

  it('refuses a domain provided twice', () => {
    const work = createUnitOfWork(db);
    work.provide('outbox', createOutboxRepositories);
    expect(() => work.provide('outbox', createOutboxRepositories)).toThrow(/outbox are provided twice/);
  });
});
