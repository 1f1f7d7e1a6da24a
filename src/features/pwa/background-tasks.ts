/**
 * When the background tasks of other features (e.g. the station list sync) run: once the
 * app can work offline, and again whenever it comes back — to the foreground, online, or
 * after a while left open. An installed app is often resumed for days without a page load,
 * so "once per document" would leave its stored data as old as its last start (station
 * changes must reach installed apps). Each task decides itself whether it is time
 * (the station sync asks at most once an hour), so waking them often costs little.
 */

/** While the app stays visible, the tasks are woken this often. */
export const BACKGROUND_TASK_WAKE_MS = 15 * 60 * 1000;

export interface BackgroundTaskEnvironment {
  /** Fires `online` (the window). */
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Fires `visibilitychange` (the document). */
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isVisible(): boolean;
  isOnline(): boolean;
  /** The connection allows background traffic (not Save-Data, not 2g: ./prefetch.ts). */
  allowed(): boolean;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export function browserEnvironment(allowed: () => boolean): BackgroundTaskEnvironment {
  return {
    window,
    document,
    isVisible: () => document.visibilityState === 'visible',
    isOnline: () => navigator.onLine,
    allowed,
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  };
}

/**
 * Runs `run` now and on every wake-up (visible again, online again, every
 * BACKGROUND_TASK_WAKE_MS while visible) when the app is visible, online and on a
 * connection that allows it; never two runs at once (a wake-up during a run runs once more
 * after it). Returns a function that stops it.
 */
export function scheduleBackgroundTasks(run: () => Promise<void>, env: BackgroundTaskEnvironment): () => void {
  let running = false;
  // A wake-up during a run is not dropped: the run may have checked a list just before
  // the app went to the background, and what changed since then is wanted now.
  let wokenWhileRunning = false;
  let stopped = false;
  const wake = () => {
    if (stopped || !env.isVisible() || !env.isOnline() || !env.allowed()) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = true;
    void run()
      .catch((error: unknown) => console.warn('Background tasks failed', error))
      .finally(() => {
        running = false;
        if (!wokenWhileRunning) return;
        wokenWhileRunning = false;
        wake();
      });
  };
  env.document.addEventListener('visibilitychange', wake);
  env.window.addEventListener('online', wake);
  const timer = env.setInterval(wake, BACKGROUND_TASK_WAKE_MS);
  wake();
  return () => {
    stopped = true;
    env.document.removeEventListener('visibilitychange', wake);
    env.window.removeEventListener('online', wake);
    env.clearInterval(timer);
  };
}
