/**
 * Whether the browser believes it has a network connection (navigator.onLine), kept up to
 * date by the window's online/offline events.
 *
 * Contract shared by all features: on the server and while hydrating the answer is `true`
 * (the server-rendered HTML was obviously fetched online, and a mismatch would break
 * hydration); the real value takes over right after hydration.
 *
 * navigator.onLine === false is reliable ("no network at all"); true only means "some
 * network", so screens still handle failed requests themselves.
 */
import { useSyncExternalStore } from 'react';

/** What the store needs of the browser; tests pass a stand-in. */
export interface ConnectivitySource {
  readonly navigator: { readonly onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface OnlineStatusStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): boolean;
}

export function createOnlineStatusStore(source: ConnectivitySource): OnlineStatusStore {
  return {
    subscribe(listener) {
      source.addEventListener('online', listener);
      source.addEventListener('offline', listener);
      return () => {
        source.removeEventListener('online', listener);
        source.removeEventListener('offline', listener);
      };
    },
    getSnapshot: () => source.navigator.onLine,
  };
}

let browserStore: OnlineStatusStore | undefined;

function store(): OnlineStatusStore {
  browserStore ??= createOnlineStatusStore(window);
  return browserStore;
}

const subscribe = (listener: () => void) => store().subscribe(listener);
const getSnapshot = () => store().getSnapshot();
const getServerSnapshot = () => true;

/** True when online; always true on the server and during hydration. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
