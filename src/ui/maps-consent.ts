/**
 * Whether the visitor allows Google Maps (the Maps script must not load without
 * consent). The consent feature owns the choice (the `maps` purpose of its cookie)
 * and reports it here; the stations feature reads it before loading the Maps script and
 * asks for it from its "Allow Google Maps" button. Features cannot import each other
 * (docs/decisions/006), so the meeting point lives here, like the analytics gate.
 *
 * States: `unknown` until the stored choice has been read (after hydration), then
 * `granted` or `denied` (no choice yet counts as denied).
 */
import { proxy } from 'valtio';

export type MapsConsent = 'unknown' | 'denied' | 'granted';

export const mapsConsentStore = proxy<{ state: MapsConsent }>({ state: 'unknown' });

type Grant = () => void;
let grant: Grant | null = null;

/** The consent feature reports the visitor's choice (on reading it and on every change). */
export function setMapsConsent(granted: boolean): void {
  mapsConsentStore.state = granted ? 'granted' : 'denied';
}

/**
 * The consent feature says how to store a "yes" to maps (keeping the visitor's other
 * choices). Returns a function that unregisters it.
 */
export function handleMapsConsentRequests(handler: Grant): () => void {
  grant = handler;
  return () => {
    if (grant === handler) grant = null;
  };
}

/**
 * Asks for the maps purpose to be allowed (the visitor pressed "Allow Google Maps"). Does
 * nothing and returns false when no consent manager is there to store it.
 */
export function allowMaps(): boolean {
  if (!grant) return false;
  grant();
  return true;
}

/** For tests: back to the state of a fresh document. */
export function resetMapsConsentForTests(): void {
  mapsConsentStore.state = 'unknown';
  grant = null;
}
