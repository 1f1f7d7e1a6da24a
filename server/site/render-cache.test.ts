import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageChanges } from './origin-client';
import type { RenderedPage } from './page-documents';
import { CHANGES_POLL_MS, createRenderCache, UNCONFIRMED_TTL_MS } from './render-cache';

const page = (name: string) => ({ status: 200, payload: { name } }) as unknown as RenderedPage;
const quiet = { warn: () => undefined, info: () => undefined };

/** An origin's log of page changes: `change(keys)` adds one; `down` makes reads fail. */
function changeLog() {
  const changes: string[][] = [];
  const log = {
    down: false,
    reads: 0,
    change: (...keys: string[]) => void changes.push(keys),
    async read(after: number): Promise<PageChanges> {
      log.reads += 1;
      if (log.down) throw new Error('origin down');
      const latest = changes.length;
      if (after < 0) return { latest, keys: null };
      return { latest, keys: changes.slice(after).flat() };
    },
  };
  return log;
}

describe('the render cache', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  async function opened(ttlMs = 60_000) {
    const log = changeLog();
    // Each render's draw of the random 25 % of the TTL in turn: 0, 0.05, …, 0.95.
    let draws = 0;
    const cache = createRenderCache({
      ttlMs,
      readChanges: (after) => log.read(after),
      log: quiet,
      now: () => Date.now(),
      random: () => (draws++ % 20) / 20,
    });
    await vi.advanceTimersByTimeAsync(0);
    return { log, cache };
  }

  it('keeps a render until a change names one of its keys', async () => {
    const { log, cache } = await opened();
    cache.set('/a', page('a'), ['site', 'page-a'], cache.begin());
    cache.set('/b', page('b'), ['site', 'page-b'], cache.begin());
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cache.get('/a')).toEqual(page('a'));
    log.change('page-a');
    await vi.advanceTimersByTimeAsync(CHANGES_POLL_MS);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toEqual(page('b'));
    log.change('site');
    await vi.advanceTimersByTimeAsync(CHANGES_POLL_MS);
    expect(cache.get('/b')).toBeUndefined();
    cache.close();
  });

  it('keeps no render whose build began before a change of its keys was read', async () => {
    const { log, cache } = await opened();
    const begun = cache.begin();
    log.change('page-a');
    await vi.advanceTimersByTimeAsync(CHANGES_POLL_MS);
    cache.set('/a', page('a'), ['page-a'], begun);
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/b', page('b'), ['page-b'], begun);
    expect(cache.get('/b')).toEqual(page('b'));
    cache.set('/a', page('a'), ['page-a'], cache.begin());
    expect(cache.get('/a')).toEqual(page('a'));
    cache.close();
  });

  it('keeps nothing made before its first read of the log', async () => {
    const log = changeLog();
    log.change('page-a');
    const cache = createRenderCache({ ttlMs: 60_000, readChanges: (after) => log.read(after), log: quiet });
    const begun = cache.begin();
    await vi.advanceTimersByTimeAsync(0);
    cache.set('/b', page('b'), ['page-b'], begun);
    expect(cache.get('/b')).toBeUndefined();
    cache.close();
  });

  it('keeps a render only the micro-cache’s 5 s while the log cannot be read', async () => {
    const { log, cache } = await opened();
    log.down = true;
    await vi.advanceTimersByTimeAsync(4 * CHANGES_POLL_MS);
    cache.set('/a', page('a'), ['page-a'], cache.begin());
    await vi.advanceTimersByTimeAsync(UNCONFIRMED_TTL_MS - 1000);
    expect(cache.get('/a')).toEqual(page('a'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(cache.get('/a')).toBeUndefined();
    cache.close();
  });

  it('keeps no render past its TTL, each a random 75–100 % of it, and stops reading once closed', async () => {
    const { log, cache } = await opened(10_000);
    for (let index = 0; index < 20; index += 1) cache.set(`/${index}`, page('a'), ['page-a'], cache.begin());
    const kept = () => Array.from({ length: 20 }, (_, index) => cache.get(`/${index}`)).filter(Boolean).length;
    await vi.advanceTimersByTimeAsync(7_400);
    expect(kept()).toBe(20);
    await vi.advanceTimersByTimeAsync(1_300); // 8.7 s: the renders drawn under 0.87 of the TTL are gone
    expect(kept()).toBe(10);
    await vi.advanceTimersByTimeAsync(1_400);
    expect(kept()).toBe(0);
    cache.close();
    const reads = log.reads;
    await vi.advanceTimersByTimeAsync(10 * CHANGES_POLL_MS);
    expect(log.reads).toBe(reads);
  });
});
