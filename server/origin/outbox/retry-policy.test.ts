import { describe, expect, it } from 'vitest';
import { failureOutcome, isPermanentFailure, retryDelayMs } from './retry-policy';

describe('outbox retry policy', () => {
  it('doubles the wait after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30, 30_000)).toBe(60 * 60 * 1000);
  });

  it('treats only a 5xx SMTP answer as permanent', () => {
    expect(isPermanentFailure(Object.assign(new Error('no such user'), { responseCode: 550 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error('try later'), { responseCode: 451 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error('refused'), { code: 'ECONNECTION' }))).toBe(false);
    expect(isPermanentFailure(undefined)).toBe(false);
  });

  it('retries a transient failure until the last attempt, then gives up', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const options = { maxAttempts: 3, retryBaseMs: 1000, now };
    const timeout = Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' });
    expect(failureOutcome(timeout, 1, options)).toEqual({ kind: 'retry', at: new Date('2026-01-01T00:00:01Z') });
    expect(failureOutcome(timeout, 2, options)).toEqual({ kind: 'retry', at: new Date('2026-01-01T00:00:02Z') });
    expect(failureOutcome(timeout, 3, options)).toEqual({ kind: 'dead' });
    expect(failureOutcome(Object.assign(new Error('550'), { responseCode: 550 }), 1, options)).toEqual({
      kind: 'dead',
    });
  });
});
