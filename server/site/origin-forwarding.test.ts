import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#shared/api/errors';
import { observeOriginCall, retryAfterMs, retryOnceAfter503 } from './origin-forwarding';
import { createSiteMetrics } from './site-metrics';

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

describe('observeOriginCall', () => {
  it('times every call and counts the failures by reason; a 4xx answer is no failure', async () => {
    const registry = new Registry();
    const metrics = createSiteMetrics(registry);
    const fail = (error: unknown) => observeOriginCall(metrics, 'customers/v1/sessions', () => Promise.reject(error));
    await observeOriginCall(metrics, 'customers/v1/sessions', () => Promise.resolve('ok'));
    await expect(fail(new ApiError(0, 'TIMEOUT', 'slow', { failure: 'timeout' }))).rejects.toThrow('slow');
    await expect(fail(new ApiError(0, 'NETWORK', 'refused', { failure: 'network' }))).rejects.toThrow();
    await expect(fail(new ApiError(502, 'BAD_ANSWER', 'html', { failure: 'bad-answer' }))).rejects.toThrow();
    await expect(fail(new ApiError(500, 'INTERNAL_SERVER_ERROR', 'boom'))).rejects.toThrow();
    await expect(fail(new ApiError(401, 'UNAUTHORIZED', 'no'))).rejects.toThrow();
    const text = await registry.metrics();
    expect(text).toContain('st1_origin_request_duration_seconds_count{endpoint="customers/v1/sessions",result="ok"} 2');
    expect(text).toContain(
      'st1_origin_request_duration_seconds_count{endpoint="customers/v1/sessions",result="error"} 4',
    );
    for (const reason of ['timeout', 'unreachable', 'bad_answer', 'server_error'])
      expect(text).toContain(`st1_origin_request_errors_total{endpoint="customers/v1/sessions",reason="${reason}"} 1`);
  });
});
