/**
 * The browser's idle moments for work done a slice at a time (./after-load-idle.ts waits
 * for one moment; this hands each its budget). A module of its own so that its code goes
 * with the chunks that use it, not with the entry's.
 */
import { IDLE_TIMEOUT_MS } from './after-load-idle';

/** Without requestIdleCallback: the wait before the task, and the task's budget. */
const FALLBACK_DELAY_MS = 50;
const FALLBACK_BUDGET_MS = 8;

/**
 * Asks for `work` at the browser's next idle moment (IDLE_TIMEOUT_MS at most), with the
 * moment's budget; where a browser lacks requestIdleCallback (Safari before 18), a short
 * task a little later with a budget of its own. Returns a function that withdraws the
 * request. For work done a slice per moment (the locator's search readied after its
 * first list, src/features/stations/station-search.ts prepareSearch).
 */
export function requestIdle(work: (deadline: { timeRemaining(): number }) => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => {
    const end = performance.now() + FALLBACK_BUDGET_MS;
    work({ timeRemaining: () => end - performance.now() });
  }, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}
