import { describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_INTERVAL_MS, buildIdOf, fetchLatestBuildId } from './build-check';

describe('build check', () => {
  it('polls every 5 minutes', () => {
    expect(BUILD_POLL_INTERVAL_MS).toBe(300_000);
  });

  it('reads the id of /builds/latest.json and nothing else', () => {
    expect(buildIdOf({ id: '20261122-abc', timestamp: 1 })).toBe('20261122-abc');
    for (const body of [null, 'x', 42, {}, { id: 42 }, { id: '' }, { id: 'x'.repeat(201) }]) {
      expect(buildIdOf(body)).toBeUndefined();
    }
  });

  it('asks with a timestamp and no cache, and answers undefined when offline or broken', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ id: 'b2' }), { status: 200 }));
    expect(await fetchLatestBuildId(fetcher as unknown as typeof fetch)).toBe('b2');
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/builds\/latest\.json\?t=\d+$/);
    expect(init.cache).toBe('no-store');

    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchLatestBuildId(offline as unknown as typeof fetch)).toBeUndefined();
    const failing = vi.fn(async () => new Response('oops', { status: 502 }));
    expect(await fetchLatestBuildId(failing as unknown as typeof fetch)).toBeUndefined();
    const html = vi.fn(async () => new Response('<html>', { status: 200 }));
    expect(await fetchLatestBuildId(html as unknown as typeof fetch)).toBeUndefined();
  });
});
