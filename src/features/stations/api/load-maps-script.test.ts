// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMapsScript, mapsScriptUrl } from './load-maps-script';

describe('maps script URL (spec §7)', () => {
  it('has places and marker and version weekly by default, key/language/region when given', () => {
    const url = new URL(mapsScriptUrl({}));
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(url.searchParams.get('libraries')).toBe('places,marker');
    expect(url.searchParams.get('v')).toBe('weekly');
    expect(url.searchParams.has('key')).toBe(false);
    const full = new URL(
      mapsScriptUrl({ key: 'abc', language: 'fi', region: 'FI', version: 'quarterly', libraries: ['marker'] }),
    );
    expect(Object.fromEntries(full.searchParams)).toMatchObject({
      key: 'abc',
      language: 'fi',
      region: 'FI',
      v: 'quarterly',
      libraries: 'marker',
    });
  });
});

/** A minimal document whose appended scripts fail `failures` times, then call the callback. */
function fakeBrowser(failures: number) {
  const appended: string[] = [];
  const win: Record<string, unknown> = {};
  const head = {
    append(script: { src: string; onerror: (() => void) | null }) {
      appended.push(script.src);
      setTimeout(() => {
        if (appended.length <= failures) script.onerror?.();
        else (win.__st1MapsReady as () => void)();
      }, 0);
    },
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { head, createElement: () => ({ src: '', onerror: null, remove() {} }) });
  return appended;
}

describe('loadMapsScript retries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('retries with growing back-off and resolves', async () => {
    const appended = fakeBrowser(2);
    const done = loadMapsScript({ backoffMs: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(appended).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(appended).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(appended).toHaveLength(2); // the second wait is 200 ms
    await vi.advanceTimersByTimeAsync(60);
    expect(appended).toHaveLength(3);
    await expect(done).resolves.toBeUndefined();
  });

  it('gives up after 3 retries (4 attempts)', async () => {
    const appended = fakeBrowser(99);
    const done = loadMapsScript({ backoffMs: 10 });
    const outcome = expect(done).rejects.toThrow(/failed to load/);
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    expect(appended).toHaveLength(4);
  });
});
