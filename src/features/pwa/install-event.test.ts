import { describe, expect, it, vi } from 'vitest';
import { notePageView, pageViewCount, subscribeInstallPrompt } from './install-event';

describe('page views of this document (the install offer comes on the second)', () => {
  it('counts each page shown once, and tells the offer', () => {
    const listener = vi.fn();
    subscribeInstallPrompt(listener);
    expect(pageViewCount()).toBe(0);
    notePageView('/sv-SE');
    notePageView('/sv-SE');
    expect(pageViewCount()).toBe(1);
    notePageView('/sv-SE/stationssok');
    expect(pageViewCount()).toBe(2);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
