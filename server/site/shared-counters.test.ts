/**
 * The shared rate-limit store reports its failures (the metric
 * st1_rate_limit_store_errors_total, docs/operations.md "Metrics"): a Redis that refuses
 * connections is heard as store errors, not as an unhandled 'error' event.
 */
import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { openSharedCounters } from './shared-counters';

/** A port nothing listens on: taken from the system, then freed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('openSharedCounters', () => {
  it('tells each error of an unreachable Redis to onStoreError', async () => {
    const onStoreError = vi.fn();
    const counters = openSharedCounters(`redis://127.0.0.1:${await closedPort()}`, { onStoreError });
    try {
      await vi.waitFor(() => expect(onStoreError).toHaveBeenCalled(), { timeout: 5000 });
      expect(onStoreError.mock.calls[0]![0]).toBeInstanceOf(Error);
    } finally {
      await counters.close();
    }
  });

  it('counts in memory without REDIS_URL, with no store to fail', () => {
    expect(openSharedCounters(undefined).rateLimitOptions('account')).toEqual({ nameSpace: 'st1:rate:account:' });
  });
});
