import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createOnlineStatusStore, useOnlineStatus, type ConnectivitySource } from './use-online-status';

/** A window stand-in whose connectivity the test switches. */
class FakeWindow extends EventTarget {
  navigator = { onLine: true };
  go(onLine: boolean) {
    this.navigator.onLine = onLine;
    this.dispatchEvent(new Event(onLine ? 'online' : 'offline'));
  }
}

describe('online status store', () => {
  it('reads navigator.onLine and notifies on online and offline events', () => {
    const win = new FakeWindow();
    const store = createOnlineStatusStore(win as unknown as ConnectivitySource);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.getSnapshot()).toBe(true);

    win.go(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(false);

    win.go(true);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toBe(true);

    unsubscribe();
    win.go(false);
    expect(listener).toHaveBeenCalledTimes(2);
    // The snapshot is always the live value, even with nobody listening.
    expect(store.getSnapshot()).toBe(false);
  });
});

describe('useOnlineStatus', () => {
  it('is true when rendered on the server (no window)', () => {
    function Probe() {
      return createElement('span', null, useOnlineStatus() ? 'online' : 'offline');
    }
    expect(renderToString(createElement(Probe))).toBe('<span>online</span>');
  });
});
