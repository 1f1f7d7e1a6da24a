import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimChunkReload,
  isChunkLoadError,
  isNetworkFailure,
  listenForChunkErrors,
  type GuardStorage,
} from './navigation-reload';
import { RELOAD_GUARD_MS } from '#shared/rules/limits';

class MemoryStorage implements GuardStorage {
  values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('chunk reload guard', () => {
  it('allows one reload, then none until 10000 ms have passed', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    const storage = new MemoryStorage();
    expect(claimChunkReload(storage, 1_000_000)).toBe(true);
    expect(claimChunkReload(storage, 1_000_001)).toBe(false);
    expect(claimChunkReload(storage, 1_009_999)).toBe(false);
    expect(claimChunkReload(storage, 1_010_000)).toBe(true);
    expect(claimChunkReload(storage, 1_010_500)).toBe(false);
  });

  it('ignores a stored time that is garbage or in the future (a changed clock)', () => {
    const storage = new MemoryStorage();
    storage.setItem('st1:chunk-reload-at', 'not a number');
    expect(claimChunkReload(storage, 5_000_000)).toBe(true);
    storage.setItem('st1:chunk-reload-at', String(9_000_000));
    expect(claimChunkReload(storage, 5_000_000)).toBe(true);
  });

  it('never reloads without a storage to remember the last reload in', () => {
    expect(claimChunkReload(undefined, 1)).toBe(false);
    const broken: GuardStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(claimChunkReload(broken, 1)).toBe(false);
  });
});

describe('error kinds', () => {
  it('recognises chunk-load errors of Chromium, Firefox, Safari and Vite', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://st1.example/assets/article-block-x.js',
      'error loading dynamically imported module: https://st1.example/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/site-search-x.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
      expect(isNetworkFailure(new TypeError(message))).toBe(false);
    }
    expect(isChunkLoadError(new Error('Payload request failed with status 502'))).toBe(false);
  });

  it('recognises network failures of fetch and ky', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    const kyNetwork = Object.assign(new Error('Request failed due to a network error'), { name: 'NetworkError' });
    const kyTimeout = Object.assign(new Error('Request timed out'), { name: 'TimeoutError' });
    expect(isNetworkFailure(kyNetwork)).toBe(true);
    expect(isNetworkFailure(kyTimeout)).toBe(true);
    expect(isNetworkFailure(new Error('Payload request failed with status 500'))).toBe(false);
  });
});

describe('a chunk error outside a navigation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A window that records page loads, with an empty reload guard. */
  function fakeWindow(online: boolean) {
    const target = new EventTarget();
    const assign = vi.fn();
    vi.stubGlobal('navigator', { onLine: online });
    vi.stubGlobal('window', {
      addEventListener: target.addEventListener.bind(target),
      location: { href: 'http://localhost/kirjaudu', assign },
      sessionStorage: new MemoryStorage(),
    });
    listenForChunkErrors();
    const fail = () => {
      const event = new Event('vite:preloadError', { cancelable: true });
      target.dispatchEvent(event);
      return event;
    };
    return { assign, fail };
  }

  it('reloads the page once when online (a release removed the chunk)', () => {
    const { assign, fail } = fakeWindow(true);
    expect(fail().defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith('http://localhost/kirjaudu');
  });

  it('leaves the page alone when offline: no swap for the browser offline page', () => {
    const { assign, fail } = fakeWindow(false);
    expect(fail().defaultPrevented).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
