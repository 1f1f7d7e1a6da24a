import { describe, expect, it, vi } from 'vitest';
import { BACKGROUND_TASK_WAKE_MS, scheduleBackgroundTasks, type BackgroundTaskEnvironment } from './background-tasks';

function environment() {
  const state = { visible: true, online: true, allowed: true };
  const win = new EventTarget();
  const doc = new EventTarget();
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  const env: BackgroundTaskEnvironment = {
    window: win,
    document: doc,
    isVisible: () => state.visible,
    isOnline: () => state.online,
    allowed: () => state.allowed,
    setInterval: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearInterval: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  return { state, env, timers, win, doc };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('background tasks of an installed app', () => {
  it('run at once, and again when the app comes back to the foreground, online, or after a while', async () => {
    const { state, env, timers, win, doc } = environment();
    const run = vi.fn(async () => {});
    scheduleBackgroundTasks(run, env);
    expect(run).toHaveBeenCalledTimes(1);
    await settle();

    // In the background: nothing; back in the foreground: again.
    state.visible = false;
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(run).toHaveBeenCalledTimes(1);
    state.visible = true;
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(run).toHaveBeenCalledTimes(2);
    await settle();

    // Offline: nothing; online again: again.
    state.online = false;
    timers[0]!.callback();
    expect(run).toHaveBeenCalledTimes(2);
    state.online = true;
    win.dispatchEvent(new Event('online'));
    expect(run).toHaveBeenCalledTimes(3);
    await settle();

    // Left open and visible: woken every BACKGROUND_TASK_WAKE_MS.
    expect(timers[0]!.ms).toBe(BACKGROUND_TASK_WAKE_MS);
    timers[0]!.callback();
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('never on a connection that does not allow it, never two at once, and not after stop', async () => {
    const { state, env, timers, win, doc } = environment();
    state.allowed = false;
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = scheduleBackgroundTasks(run, env);
    expect(run).not.toHaveBeenCalled();
    state.allowed = true;
    win.dispatchEvent(new Event('online'));
    expect(run).toHaveBeenCalledTimes(1);
    // Woken twice during the run: once more after it, not twice and not at the same time.
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await settle();
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await settle();
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('online'));
    expect(run).toHaveBeenCalledTimes(2);
    expect(timers[0]!.cleared).toBe(true);
  });

  it('keep going after a failed run', async () => {
    const { env, doc } = environment();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const run = vi.fn().mockRejectedValueOnce(new Error('offline after all')).mockResolvedValue(undefined);
    scheduleBackgroundTasks(run, env);
    await settle();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(run).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
