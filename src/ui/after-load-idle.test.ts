import { describe, expect, it } from 'vitest';
import {
  AFTER_LOAD_PAUSE_MS,
  afterInteractionOrIdle,
  afterLoadAndIdle,
  IDLE_TIMEOUT_MS,
  type InteractionIdleEnvironment,
} from './after-load-idle';

/** A browser whose load event, timers and idle callbacks fire when the test says. */
function fakeBrowser(options: { loaded: boolean; idle: boolean }) {
  const loadListeners: Array<() => void> = [];
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const idle: Array<{ callback: () => void; timeout: number }> = [];
  const interactionListeners: Array<() => void> = [];
  let loaded = options.loaded;
  const env: InteractionIdleEnvironment = {
    onFirstInteraction: (callback) => interactionListeners.push(callback),
    isLoaded: () => loaded,
    onLoad: (callback) => loadListeners.push(callback),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
    requestIdleCallback: options.idle ? (callback, { timeout }) => idle.push({ callback, timeout }) : undefined,
  };
  return {
    env,
    timers,
    idle,
    load() {
      loaded = true;
      for (const listener of loadListeners.splice(0)) listener();
    },
    fireTimers() {
      for (const timer of timers.splice(0)) timer.callback();
    },
    interact() {
      for (const listener of interactionListeners.splice(0)) listener();
    },
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('afterLoadAndIdle', () => {
  it('waits for the load event, then the pause, then an idle moment', async () => {
    const browser = fakeBrowser({ loaded: false, idle: true });
    const waiting = afterLoadAndIdle(browser.env);
    expect(browser.timers).toHaveLength(0);
    browser.load();
    expect(browser.timers).toEqual([{ callback: expect.any(Function), ms: AFTER_LOAD_PAUSE_MS }]);
    expect(await settled(waiting)).toBe(false);
    browser.fireTimers();
    expect(browser.idle).toEqual([{ callback: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
    expect(await settled(waiting)).toBe(false);
    browser.idle[0]!.callback();
    expect(await settled(waiting)).toBe(true);
  });

  it('counts the pause from now when the page has loaded already', async () => {
    const browser = fakeBrowser({ loaded: true, idle: true });
    const waiting = afterLoadAndIdle(browser.env);
    expect(browser.timers.map((timer) => timer.ms)).toEqual([AFTER_LOAD_PAUSE_MS]);
    browser.fireTimers();
    browser.idle[0]!.callback();
    expect(await settled(waiting)).toBe(true);
  });

  it('falls back to a timer where the browser has no idle callbacks', async () => {
    const browser = fakeBrowser({ loaded: true, idle: false });
    const waiting = afterLoadAndIdle(browser.env);
    browser.fireTimers();
    expect(await settled(waiting)).toBe(false);
    expect(browser.timers.map((timer) => timer.ms)).toEqual([0]);
    browser.fireTimers();
    expect(await settled(waiting)).toBe(true);
  });
});

describe('afterInteractionOrIdle', () => {
  it('waits for the load event and then the first idle moment, with no pause', async () => {
    const browser = fakeBrowser({ loaded: false, idle: true });
    const waiting = afterInteractionOrIdle(browser.env);
    expect(browser.idle).toHaveLength(0);
    browser.load();
    expect(browser.timers).toHaveLength(0);
    expect(browser.idle).toEqual([{ callback: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
    expect(await settled(waiting)).toBe(false);
    browser.idle[0]!.callback();
    expect(await settled(waiting)).toBe(true);
  });

  it('resolves at the first press or key, before the page has loaded', async () => {
    const browser = fakeBrowser({ loaded: false, idle: true });
    const waiting = afterInteractionOrIdle(browser.env);
    expect(await settled(waiting)).toBe(false);
    browser.interact();
    expect(await settled(waiting)).toBe(true);
  });

  it('resolves at a press while the loaded page waits for an idle moment', async () => {
    const browser = fakeBrowser({ loaded: true, idle: true });
    const waiting = afterInteractionOrIdle(browser.env);
    expect(browser.idle).toHaveLength(1);
    expect(await settled(waiting)).toBe(false);
    browser.interact();
    expect(await settled(waiting)).toBe(true);
  });

  it('falls back to a timer after the load event where the browser has no idle callbacks', async () => {
    const browser = fakeBrowser({ loaded: true, idle: false });
    const waiting = afterInteractionOrIdle(browser.env);
    expect(browser.timers.map((timer) => timer.ms)).toEqual([0]);
    browser.fireTimers();
    expect(await settled(waiting)).toBe(true);
  });
});
