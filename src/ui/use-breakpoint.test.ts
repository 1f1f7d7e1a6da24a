import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREAKPOINTS, RESIZE_DEBOUNCE_MS } from '#shared/rules/limits';
import { createViewportWidthStore, type ViewportSource } from './use-breakpoint';

/** A window stand-in: an EventTarget with a width the test sets. */
class FakeViewport extends EventTarget {
  innerWidth = 390;
  resizeTo(width: number) {
    this.innerWidth = width;
    this.dispatchEvent(new Event('resize'));
  }
}

describe('breakpoints', () => {
  it('are the minimum widths of the spec', () => {
    expect(BREAKPOINTS).toEqual({
      smallMobile: 320,
      mobile: 480,
      largeMobile: 768,
      smallDesktop: 992,
      desktop: 1200,
      largeDesktop: 1600,
    });
  });
});

describe('viewport width store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces resize events by 50 ms and notifies once with the last width', () => {
    expect(RESIZE_DEBOUNCE_MS).toBe(50);
    const viewport = new FakeViewport();
    const store = createViewportWidthStore(viewport as unknown as ViewportSource);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toBe(390);

    viewport.resizeTo(600);
    vi.advanceTimersByTime(30);
    viewport.resizeTo(900);
    vi.advanceTimersByTime(30);
    viewport.resizeTo(1280);
    // 49 ms after the last event: nothing yet, and the snapshot still holds the old width.
    vi.advanceTimersByTime(49);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe(390);

    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(1280);
  });

  it('does not notify when the width ends where it started', () => {
    const viewport = new FakeViewport();
    const store = createViewportWidthStore(viewport as unknown as ViewportSource);
    const listener = vi.fn();
    store.subscribe(listener);
    viewport.resizeTo(800);
    viewport.resizeTo(390);
    vi.advanceTimersByTime(100);
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops listening, and drops a pending update, when the last subscriber leaves', () => {
    const viewport = new FakeViewport();
    const removeSpy = vi.spyOn(viewport, 'removeEventListener');
    const store = createViewportWidthStore(viewport as unknown as ViewportSource);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    viewport.resizeTo(1000);
    unsubscribe();
    vi.advanceTimersByTime(100);
    expect(listener).not.toHaveBeenCalled();
    expect(removeSpy).toHaveBeenCalledWith('resize', expect.any(Function));

    // A later subscriber starts from the width of that moment.
    store.subscribe(vi.fn());
    expect(store.getSnapshot()).toBe(1000);
  });
});
