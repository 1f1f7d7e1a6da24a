/**
 * When the app's background work may start on a page: after the load event, a short
 * pause, and then a moment when the main thread is idle. A first visit is where a phone
 * is slowest, and a performance trace of it showed the service worker's registration, its
 * install (downloading every precached file) and the first background tasks (storing the
 * station list in IndexedDB, on the main thread) competing with hydration and the first
 * taps. None of that is needed for the page on screen, so it waits (docs/performance.md).
 */

/** The pause after the load event before background work is considered. */
export const AFTER_LOAD_PAUSE_MS = 2000;
/** Longest wait for an idle moment once the pause is over (a busy page still gets its worker). */
export const IDLE_TIMEOUT_MS = 5000;

/** What this needs of the browser; a stand-in in unit tests. */
export interface LoadIdleEnvironment {
  isLoaded(): boolean;
  onLoad(callback: () => void): void;
  setTimeout(callback: () => void, ms: number): void;
  /** requestIdleCallback where the browser has it; undefined elsewhere (Safari before 18). */
  requestIdleCallback?: ((callback: () => void, options: { timeout: number }) => void) | undefined;
}

function browserLoadIdleEnvironment(): LoadIdleEnvironment {
  return {
    isLoaded: () => document.readyState === 'complete',
    onLoad: (callback) => window.addEventListener('load', () => callback(), { once: true }),
    setTimeout: (callback, ms) => void window.setTimeout(callback, ms),
    requestIdleCallback:
      typeof window.requestIdleCallback === 'function'
        ? (callback, options) => void window.requestIdleCallback(() => callback(), options)
        : undefined,
  };
}

/** Resolves after the load event, AFTER_LOAD_PAUSE_MS, and an idle moment (IDLE_TIMEOUT_MS at most). */
export function afterLoadAndIdle(env: LoadIdleEnvironment = browserLoadIdleEnvironment()): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (env.requestIdleCallback) env.requestIdleCallback(resolve, { timeout: IDLE_TIMEOUT_MS });
      else env.setTimeout(resolve, 0);
    };
    const afterLoad = () => env.setTimeout(whenIdle, AFTER_LOAD_PAUSE_MS);
    if (env.isLoaded()) afterLoad();
    else env.onLoad(afterLoad);
  });
}

/**
 * What the visitor does that calls for the page's deferred parts at once: a press, a
 * touch or a key (Tab included). Scrolling and reading call for none of them.
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown'] as const;

/** LoadIdleEnvironment, and the visitor's first press or key. */
export interface InteractionIdleEnvironment extends LoadIdleEnvironment {
  /** Calls `callback` once, at the first press, touch or key anywhere in the page. */
  onFirstInteraction(callback: () => void): void;
}

function browserInteractionIdleEnvironment(): InteractionIdleEnvironment {
  return {
    ...browserLoadIdleEnvironment(),
    onFirstInteraction: (callback) => {
      const stop = new AbortController();
      const once = () => {
        stop.abort();
        callback();
      };
      for (const type of INTERACTIONS)
        window.addEventListener(type, once, { capture: true, passive: true, signal: stop.signal });
    },
  };
}

/**
 * Resolves at the visitor's first press or key, or at the first idle moment after the
 * load event (IDLE_TIMEOUT_MS at most), whichever comes first. For the parts of the page
 * that a visitor may need soon but never before the page is usable (the consent manager,
 * the session check, the service worker's bridge): the landing page's first script stays
 * within its budget (docs/performance.md "Landing page JavaScript budget"), and a visitor
 * who acts before the browser is idle gets them at once.
 */
export function afterInteractionOrIdle(
  env: InteractionIdleEnvironment = browserInteractionIdleEnvironment(),
): Promise<void> {
  return new Promise((resolve) => {
    env.onFirstInteraction(resolve);
    const whenIdle = () => {
      if (env.requestIdleCallback) env.requestIdleCallback(resolve, { timeout: IDLE_TIMEOUT_MS });
      else env.setTimeout(resolve, 0);
    };
    if (env.isLoaded()) whenIdle();
    else env.onLoad(whenIdle);
  });
}
