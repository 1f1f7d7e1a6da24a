/**
 * The browser's idle moments for work that may wait (station-search.ts prepareSearch):
 * requestIdleCallback, and where a browser lacks it (Safari before 18) a short task a
 * little later with a budget of its own.
 */
import type { IdleDeadline, RequestIdle } from './station-search';

/** Longest wait for an idle moment: a busy page still gets the work done. */
const IDLE_TIMEOUT_MS = 5000;
/** Without requestIdleCallback: the wait before the task, and the task's budget. */
const FALLBACK_DELAY_MS = 50;
const FALLBACK_BUDGET_MS = 8;

export const requestIdle: RequestIdle = (work: (deadline: IdleDeadline) => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => {
    const end = performance.now() + FALLBACK_BUDGET_MS;
    work({ timeRemaining: () => end - performance.now() });
  }, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
};
