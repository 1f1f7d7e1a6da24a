/**
 * Runs work after the browser has painted the next frame: the frame that shows a key
 * typed or a box ticked then carries that change alone, and the work (the locator's
 * search, list and map) follows in a task of its own. Interaction to Next Paint counts
 * the time from the input to that frame (https://web.dev/articles/optimize-inp).
 */

/** Longest wait for a frame: a hidden page paints none, and its list must still follow. */
export const FRAME_TIMEOUT_MS = 250;

/** What this needs of the browser; a stand-in in unit tests. */
export interface PaintEnvironment {
  requestAnimationFrame(callback: () => void): number;
  cancelAnimationFrame(handle: number): void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

function browserPaintEnvironment(): PaintEnvironment {
  return {
    requestAnimationFrame: (callback) => window.requestAnimationFrame(() => callback()),
    cancelAnimationFrame: (handle) => window.cancelAnimationFrame(handle),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
  };
}

/**
 * Calls `work` once, in a task after the next frame (an animation-frame callback runs
 * before its paint, a task queued from it after), or after FRAME_TIMEOUT_MS without a
 * frame. Returns a function that cancels it.
 */
export function afterNextPaint(work: () => void, env: PaintEnvironment = browserPaintEnvironment()): () => void {
  let task: number | undefined;
  let frame: number | undefined;
  const cancel = () => {
    if (frame !== undefined) env.cancelAnimationFrame(frame);
    if (task !== undefined) env.clearTimeout(task);
  };
  const run = () => {
    cancel();
    work();
  };
  frame = env.requestAnimationFrame(() => {
    frame = undefined;
    if (task !== undefined) env.clearTimeout(task);
    task = env.setTimeout(run, 0);
  });
  task = env.setTimeout(run, FRAME_TIMEOUT_MS);
  return cancel;
}
