/**
 * When to offer installing the app ("an install prompt offered at a sensible
 * moment"): not on the first page a visitor sees, but once they show interest, i.e. from
 * their second page view in this tab; never again for 30 days after "Not now"; never
 * while the app already runs installed. Pure, so that the rule is unit-tested.
 */
const MIN_PAGE_VIEWS = 2;
export const DISMISS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const DISMISSED_KEY = 'st1:install-dismissed-at';

export interface InstallFacts {
  /** The browser offered installation (a beforeinstallprompt event is held). */
  promptAvailable: boolean;
  pageViews: number;
  /** "Not now" was said within the last 30 days (isRecentDismissal). */
  dismissedRecently: boolean;
  /** Running as an installed app (display-mode standalone). */
  standalone: boolean;
}

export function shouldOfferInstall(facts: InstallFacts): boolean {
  return facts.promptAvailable && !facts.standalone && !facts.dismissedRecently && facts.pageViews >= MIN_PAGE_VIEWS;
}

/** Whether a "Not now" at `dismissedAt` still holds at `now` (a time in the future does not). */
export function isRecentDismissal(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && dismissedAt <= now && now - dismissedAt < DISMISS_DAYS * DAY_MS;
}

/** The stored "Not now" time, or null when absent or unreadable. */
export function readDismissedAt(value: string | null): number | null {
  const time = Number(value);
  return value !== null && Number.isFinite(time) && time > 0 ? time : null;
}
