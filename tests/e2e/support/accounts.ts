/**
 * Helpers of the account specs: the outbox of the server under test (read from its
 * SQLite file in E2E_DATA_DIR, which playwright.config.ts shares with the workers), the
 * account and forms catalogs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Locale } from '#shared/locales';
import { repoRoot } from './content';

/**
 * The newest e-mail to a recipient in the outbox (whose body contains `containing`, when
 * given), waiting briefly for it to arrive.
 */
export async function latestMail(recipient: string, containing = ''): Promise<{ subject: string; body: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(join(dataDir, 'origin.sqlite'), { readonly: true, fileMustExist: true });
  try {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const row = db
        .prepare('select subject, body from outbox where recipient = ? and instr(body, ?) > 0 order by id desc limit 1')
        .get(recipient.toLowerCase(), containing) as { subject: string; body: string } | undefined;
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
  throw new Error(`No e-mail to ${recipient} in the outbox`);
}

/**
 * A password-reset token of a customer, written straight into the server's database (as the
 * origin stores it: only its SHA-256), usable or already used. For the reset link's own
 * checks without spending the per-address account limit that every spec shares.
 */
export function insertResetToken(email: string, state: 'usable' | 'used'): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = new Database(join(dataDir, 'origin.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const customer = db.prepare('select id from customers where email = ?').get(email.toLowerCase()) as
      { id: string } | undefined;
    if (!customer) throw new Error(`No customer ${email}`);
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    db.prepare(
      'insert into customer_tokens (token_hash, customer_id, purpose, created_at, expires_at, used_at) values (?, ?, ?, ?, ?, ?)',
    ).run(
      createHash('sha256').update(token).digest('hex'),
      customer.id,
      'reset-password',
      now.toISOString(),
      new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
      state === 'used' ? now.toISOString() : null,
    );
    return token;
  } finally {
    db.close();
  }
}

export function tokenFrom(body: string): string {
  const token = /token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`No token in the e-mail:\n${body}`);
  return token;
}

const unquote = (text: string) => text.replace(/\\"/g, '"').replace(/\\\\/g, '\\');
const catalogs = new Map<string, Map<string, string>>();

/** A text of a feature catalog (locales/{locale}/{catalog}.po) with its values filled in. */
export function featureText(
  locale: Locale,
  catalog: 'account' | 'forms' | 'messages',
  id: string,
  values: Record<string, string | number> = {},
): string {
  const key = `${locale}/${catalog}`;
  let entries = catalogs.get(key);
  if (!entries) {
    entries = new Map();
    const po = readFileSync(join(repoRoot, 'locales', locale, `${catalog}.po`), 'utf8');
    for (const match of po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\r?\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
      entries.set(unquote(match[1] ?? ''), unquote(match[2] ?? ''));
    }
    catalogs.set(key, entries);
  }
  const text = entries.get(id);
  if (!text) throw new Error(`No message "${id}" in locales/${locale}/${catalog}.po`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

let counter = 0;
/** A fresh e-mail address for a test's own account. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@example.fi`;
}
