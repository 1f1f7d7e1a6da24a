import { describe, expect, it } from 'vitest';
import { retryAfterMs, retryOnceAfter503 } from './origin-forwarding';

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs('5', now)).toBe(5000);
    expect(retryAfterMs(['2'], now)).toBe(2000);
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});

describe('retryOnceAfter503', () => {
  const answer = (retryAfter?: string) => ({
    statusCode: 503,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  });
  const clock = () => 1_000_000;

  it('retries a GET once, after the Retry-After, within the timeout', () => {
    const policy = retryOnceAfter503(8000, clock);
    expect(policy({ req: { method: 'GET' }, res: answer('2'), attempt: 0 })).toBe(2000);
    expect(policy({ req: { method: 'GET' }, res: answer('0'), attempt: 0 })).toBe(1);
    expect(policy({ req: { method: 'GET' }, res: answer('2'), attempt: 1 })).toBeNull();
  });

  it('does not retry past the timeout, without a Retry-After, other statuses or other methods', () => {
    const policy = retryOnceAfter503(8000, clock);
    expect(policy({ req: { method: 'GET' }, res: answer('8'), attempt: 0 })).toBeNull();
    expect(policy({ req: { method: 'GET' }, res: answer(), attempt: 0 })).toBeNull();
    expect(policy({ req: { method: 'GET' }, res: { statusCode: 502, headers: {} }, attempt: 0 })).toBeNull();
    expect(policy({ req: { method: 'POST' }, res: answer('1'), attempt: 0 })).toBeNull();
    expect(policy({ req: { method: 'GET' }, res: undefined, attempt: 0 })).toBeNull();
  });
});
