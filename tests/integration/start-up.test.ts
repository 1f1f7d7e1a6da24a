/**
 * Start-up checks (docs/operations.md): `npm start`'s server in a child process stops with a
 * non-zero exit and a one-line message for TRUST_PROXY=true, and one naming the folder
 * when DATA_DIR is missing or read-only; the default ./data is still created on a first start.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../server/origin/data-dir';
import { serverNodeArgs } from '../../scripts/build-server';

const work = mkdtempSync(join(tmpdir(), 'st1-start-up-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Node's built-in nobody: root passes every permission check, so a read-only folder needs another user. */
const NOBODY = 65534;

function startProduct(
  env: Record<string, string>,
  options: { asUser?: number } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, serverNodeArgs('main'), {
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.asUser !== undefined ? { uid: options.asUser, gid: options.asUser } : {}),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not stop by itself: ${output}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

describe('TRUST_PROXY at start-up', () => {
  it('stops with a message saying what to give instead of "true"', async () => {
    const { code, output } = await startProduct({ TRUST_PROXY: 'true', DATA_DIR: work });
    expect(code).toBe(1);
    expect(output).toContain('TRUST_PROXY: "true" would believe any client\'s X-Forwarded-For');
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);
});

describe('DATA_DIR at start-up', () => {
  it('stops with a message naming a DATA_DIR that does not exist', async () => {
    const missing = join(work, 'no-such-folder', 'data');
    const { code, output } = await startProduct({ DATA_DIR: missing });
    expect(code).toBe(1);
    expect(output).toContain(`DATA_DIR ${missing} does not exist`);
    expect(output).not.toMatch(/\n\s+at /);
    expect(existsSync(missing)).toBe(false);
  }, 60_000);

  it('stops with a message naming a read-only DATA_DIR', async () => {
    const readOnly = join(work, 'read-only');
    prepareDataDir(readOnly, { createIfMissing: true });
    chmodSync(work, 0o755);
    chmodSync(readOnly, 0o555);
    const asRoot = process.getuid?.() === 0;
    const { code, output } = await startProduct(
      { DATA_DIR: readOnly, ...(asRoot ? { HOME: work } : {}) },
      asRoot ? { asUser: NOBODY } : {},
    );
    expect(code, output).toBe(1);
    expect(output).toContain(`DATA_DIR ${readOnly} is not writable`);
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('creates the default folder on a first start, and only that one', () => {
    const fresh = join(work, 'first-start', 'data');
    prepareDataDir(fresh, { createIfMissing: true });
    expect(existsSync(fresh)).toBe(true);
    expect(() => prepareDataDir(join(work, 'typo'), { createIfMissing: false })).toThrow(
      `DATA_DIR ${join(work, 'typo')} does not exist`,
    );
  });
});
