/**
 * The one way into the tag manager's data layer (window.dataLayer): every analytics event
 * of every feature (shop e-commerce events, the error page's event, the form error event
 * of spec §8) goes through `pushAnalytics`, which writes only while the visitor allows
 * analytics. The consent feature reports the choice with `setAnalyticsConsent`; features
 * cannot import it (docs/style.md rule 2: features do not import each other), so the gate lives
 * here.
 *
 * States:
 * - `unknown`: the stored choice has not been read yet (it lives in a cookie that is read
 *   only after hydration). Events are held in memory, not in window.dataLayer, because an
 *   error page's event fires during hydration, before the choice is known. When the choice
 *   then turns out to be "analytics", they are written; otherwise they are dropped.
 * - `denied`: no choice yet (the banner is showing) or analytics refused or withdrawn.
 *   Events are dropped, never queued, so accepting later does not send what happened
 *   before it.
 * - `granted`: events are written to window.dataLayer.
 */

export type AnalyticsConsent = 'unknown' | 'denied' | 'granted';

/** What happened to an event: written to the data layer, held until the choice is known, or dropped. */
export type AnalyticsPush = 'sent' | 'held' | 'dropped';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/** Enough for the events of one hydration; anything beyond is dropped. */
const MAX_HELD = 20;

let consent: AnalyticsConsent = 'unknown';
let held: Record<string, unknown>[][] = [];

/** The current state of the gate. */
export function analyticsConsent(): AnalyticsConsent {
  return consent;
}

/**
 * Records the visitor's analytics choice (called by the consent feature once the stored
 * choice is read, after the tag manager has been started, and on every later change).
 * Events held while the choice was unknown are written only when it is "granted".
 */
export function setAnalyticsConsent(granted: boolean): void {
  const waiting = consent === 'unknown' && granted ? held : [];
  held = [];
  consent = granted ? 'granted' : 'denied';
  for (const entries of waiting) write(entries);
}

/**
 * Pushes one event (as one or more data-layer entries, kept together) when analytics are
 * allowed. Without a browser window nothing happens.
 */
export function pushAnalytics(...entries: Record<string, unknown>[]): AnalyticsPush {
  if (typeof window === 'undefined') return 'dropped';
  switch (consent) {
    case 'granted':
      write(entries);
      return 'sent';
    case 'unknown':
      if (held.length >= MAX_HELD) return 'dropped';
      held.push(entries);
      return 'held';
    case 'denied':
      return 'dropped';
  }
}

function write(entries: Record<string, unknown>[]): void {
  const target = window as DataLayerWindow;
  (target.dataLayer ??= []).push(...entries);
}

/** For tests: back to the state of a fresh document. */
export function resetAnalyticsConsentForTests(): void {
  consent = 'unknown';
  held = [];
}
