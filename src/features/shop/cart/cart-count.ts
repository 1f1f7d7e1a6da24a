/**
 * The cart's item count for the header, without loading the cart store: that store writes it
 * to localStorage (key 'st1.cart'), and this tiny module reads it after
 * hydration and follows changes in this tab and others ('storage' events).
 */
import { useSyncExternalStore } from 'react';

export const CART_STORAGE_KEY = 'st1.cart';
const listeners = new Set<() => void>();

function readCount(): number {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { count?: unknown } | null;
    const count = parsed?.count;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0;
  } catch {
    return 0;
  }
}

/** Called by the cart store after every save. */
export function publishCartCount(count: number): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ count, savedAt: Date.now() }));
  } catch {
    // Storage full or blocked: the header count is a convenience, the cart itself is in IndexedDB.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The number of units in the cart; 0 on the server and while hydrating. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
