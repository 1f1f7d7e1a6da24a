import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS } from './after-load-idle';
import { requestIdle } from './request-idle';

describe('requestIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("asks for the browser's idle moment, with a longest wait, and withdraws the request", () => {
    const asked: Array<{ work: unknown; timeout: number | undefined }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('window', {
      requestIdleCallback: (work: unknown, options?: { timeout?: number }) =>
        asked.push({ work, timeout: options?.timeout }),
      cancelIdleCallback: (handle: number) => cancelled.push(handle),
    });
    const work = () => {};
    const withdraw = requestIdle(work);
    expect(asked).toEqual([{ work, timeout: IDLE_TIMEOUT_MS }]);
    withdraw();
    expect(cancelled).toEqual([1]);
  });

  it('without idle callbacks, runs the work a little later with a short budget of its own', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout });
    const budgets: number[] = [];
    requestIdle((deadline) => budgets.push(deadline.timeRemaining()));
    vi.advanceTimersByTime(49);
    expect(budgets).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(budgets).toHaveLength(1);
    expect(budgets[0]).toBeGreaterThan(0);
    expect(budgets[0]).toBeLessThanOrEqual(8);
    const withdraw = requestIdle(() => budgets.push(-1));
    withdraw();
    vi.advanceTimersByTime(100);
    expect(budgets).toHaveLength(1);
  });
});
