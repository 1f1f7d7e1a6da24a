/** When the PostgreSQL tests may be skipped: only outside CI, and never silently. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPostgresBin, postgresSkipReason } from './throwaway-postgres';

const nowhere = '/nonexistent/postgresql';

describe('postgresSkipReason', () => {
  it('skips with a message outside CI when no PostgreSQL binaries exist', () => {
    expect(postgresSkipReason({}, nowhere)).toMatch(/^PostgreSQL tests skipped: not in CI/);
    expect(postgresSkipReason({ CI: 'false' }, nowhere)).toMatch(/skipped/);
  });

  it('never skips in CI: the tests run and fail when PostgreSQL is missing', () => {
    expect(postgresSkipReason({ CI: 'true' }, nowhere)).toBeUndefined();
    expect(postgresSkipReason({ CI: '1' }, nowhere)).toBeUndefined();
  });

  it('finds the newest Debian version, and PG_BIN first', () => {
    const root = mkdtempSync(join(tmpdir(), 'st1-pg-bin-'));
    try {
      for (const version of ['13', '15']) {
        mkdirSync(join(root, version, 'bin'), { recursive: true });
        for (const binary of ['initdb', 'postgres']) writeFileSync(join(root, version, 'bin', binary), '');
      }
      expect(findPostgresBin({}, root)).toBe(join(root, '15', 'bin'));
      expect(findPostgresBin({ PG_BIN: join(root, '13', 'bin') }, root)).toBe(join(root, '13', 'bin'));
      expect(postgresSkipReason({}, root)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
