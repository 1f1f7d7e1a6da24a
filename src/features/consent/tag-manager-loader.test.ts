import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTagManagerLoaded, loadTagManager, resetTagManagerForTests } from './tag-manager-loader';

interface FakeScript {
  async: boolean;
  src: string;
  dataset: Record<string, string>;
}

/** Just enough of window and document for the loader: it creates one script and appends it. */
function fakeBrowser() {
  const appended: FakeScript[] = [];
  const document = {
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      return { async: false, src: '', dataset: {} } satisfies FakeScript;
    },
    head: { append: (script: FakeScript) => appended.push(script) },
  };
  const window: { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void } = {};
  return { appended, env: { window, document } as unknown as Parameters<typeof loadTagManager>[1] & object, window };
}

describe('loadTagManager', () => {
  beforeEach(() => resetTagManagerForTests());
  afterEach(() => vi.restoreAllMocks());

  it('loads a GTM container with its start event after the consent defaults', () => {
    const { appended, env, window } = fakeBrowser();
    expect(loadTagManager('GTM-ST1FI01', env)).toBe('loaded');
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ async: true, src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ST1FI01' });
    const [consent, start] = window.dataLayer ?? [];
    expect(Array.from(consent as ArrayLike<unknown>)).toEqual([
      'consent',
      'default',
      expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' }),
    ]);
    expect(start).toMatchObject({ event: 'gtm.js', 'gtm.start': expect.any(Number) });
    expect(isTagManagerLoaded()).toBe(true);
  });

  it('loads a Google tag from gtag/js and configures it with arguments objects', () => {
    const { appended, env, window } = fakeBrowser();
    expect(loadTagManager('G-ST1TEST', env)).toBe('loaded');
    expect(appended[0]?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ST1TEST');
    const commands = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(commands.map((command) => command[0])).toEqual(['consent', 'js', 'config']);
    expect(commands[2]).toEqual(['config', 'G-ST1TEST']);
    // gtag.js ignores plain arrays: the entries must be real arguments objects.
    expect(Array.isArray(window.dataLayer?.[0])).toBe(false);
  });

  it('starts a fresh data layer: entries pushed before consent never reach the tag manager', () => {
    const { env, window } = fakeBrowser();
    const earlier = { event: 'error', type: 'struggle' };
    window.dataLayer = [earlier];
    loadTagManager('GTM-ABC', env);
    expect(window.dataLayer).not.toContain(earlier);
    expect(window.dataLayer).toHaveLength(2);
  });

  it('does not load an invalid id, and says why', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { appended, env, window } = fakeBrowser();
    expect(loadTagManager('GTM-lower', env)).toBe('invalid-id');
    expect(appended).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('GTM-lower'));
    expect(isTagManagerLoaded()).toBe(false);
  });

  it('does nothing without an id', () => {
    const { appended, env } = fakeBrowser();
    expect(loadTagManager(undefined, env)).toBe('no-id');
    expect(appended).toHaveLength(0);
  });

  it('loads the script once per document', () => {
    const { appended, env } = fakeBrowser();
    loadTagManager('GTM-ABC', env);
    expect(loadTagManager('GTM-ABC', env)).toBe('already-loaded');
    expect(appended).toHaveLength(1);
  });
});
