import { describe, expect, it } from 'vitest';
import { afterNextPaint, FRAME_TIMEOUT_MS, type PaintEnvironment } from './after-next-paint';

/** A browser whose frames and timers run when the test says. */
function fakeBrowser() {
  let next = 1;
  const frames = new Map<number, () => void>();
  const timers = new Map<number, { callback: () => void; ms: number }>();
  const env: PaintEnvironment = {
    requestAnimationFrame: (callback) => (frames.set(next, callback), next++),
    cancelAnimationFrame: (handle) => void frames.delete(handle),
    setTimeout: (callback, ms) => (timers.set(next, { callback, ms }), next++),
    clearTimeout: (handle) => void timers.delete(handle),
  };
  return {
    env,
    timers,
    frame() {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback();
    },
    fireTimers(ms: number) {
      for (const [handle, timer] of [...timers]) {
        if (timer.ms > ms) continue;
        timers.delete(handle);
        timer.callback();
      }
    },
  };
}

describe('afterNextPaint', () => {
  it('runs the work in a task after the next frame, not in the frame', () => {
    const browser = fakeBrowser();
    let runs = 0;
    afterNextPaint(() => runs++, browser.env);
    browser.fireTimers(0);
    expect(runs).toBe(0);
    browser.frame();
    expect(runs).toBe(0);
    browser.fireTimers(0);
    expect(runs).toBe(1);
    // Once: the fallback timer is gone.
    browser.fireTimers(FRAME_TIMEOUT_MS);
    expect(runs).toBe(1);
  });

  it('runs the work without a frame after the timeout (a hidden page paints none)', () => {
    const browser = fakeBrowser();
    let runs = 0;
    afterNextPaint(() => runs++, browser.env);
    browser.fireTimers(FRAME_TIMEOUT_MS);
    expect(runs).toBe(1);
    browser.frame();
    browser.fireTimers(FRAME_TIMEOUT_MS);
    expect(runs).toBe(1);
  });

  it('runs nothing once cancelled', () => {
    const browser = fakeBrowser();
    let runs = 0;
    const cancel = afterNextPaint(() => runs++, browser.env);
    browser.frame();
    cancel();
    browser.fireTimers(FRAME_TIMEOUT_MS);
    expect(runs).toBe(0);
    expect(browser.timers.size).toBe(0);
  });
});
