/**
 * The first name shown by the header's user label (spec §4). A tiny store of its own,
 * without valtio, because the header is in every page's first JavaScript; the session
 * module (loaded after hydration) writes it.
 */
import { useSyncExternalStore } from 'react';

let firstName: string | null = null;
const listeners = new Set<() => void>();

export function setUserFirstName(name: string | null): void {
  if (name === firstName) return;
  firstName = name;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The logged-in customer's first name, or null (always null on the server and while hydrating). */
export function useUserFirstName(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => firstName,
    () => null,
  );
}

/** The label text: the first name when logged in, else the 'login' text (spec §4). */
export function userLabel(name: string | null, loginText: string): string {
  return name && name.trim() ? name : loginText;
}
