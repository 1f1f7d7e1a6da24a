import { describe, expect, it } from 'vitest';
import {
  DISMISS_DAYS,
  isRecentDismissal,
  readDismissedAt,
  shouldOfferInstall,
  type InstallFacts,
} from './install-policy';

const DAY = 24 * 60 * 60 * 1000;
const base: InstallFacts = { promptAvailable: true, pageViews: 2, dismissedRecently: false, standalone: false };
const now = 100 * DAY;

describe('shouldOfferInstall', () => {
  it('offers from the second page view when the browser can install', () => {
    expect(shouldOfferInstall(base)).toBe(true);
    expect(shouldOfferInstall({ ...base, pageViews: 1 })).toBe(false);
    expect(shouldOfferInstall({ ...base, promptAvailable: false })).toBe(false);
    expect(shouldOfferInstall({ ...base, standalone: true })).toBe(false);
    expect(shouldOfferInstall({ ...base, dismissedRecently: true })).toBe(false);
  });

  it('stays quiet for 30 days after "Not now"', () => {
    expect(DISMISS_DAYS).toBe(30);
    expect(isRecentDismissal(null, now)).toBe(false);
    expect(isRecentDismissal(now - 29 * DAY, now)).toBe(true);
    expect(isRecentDismissal(now - 30 * DAY, now)).toBe(false);
    // A dismissal "in the future" (the clock was changed) does not block forever.
    expect(isRecentDismissal(now + DAY, now)).toBe(false);
  });

  it('reads only sensible stored times', () => {
    expect(readDismissedAt(null)).toBeNull();
    expect(readDismissedAt('')).toBeNull();
    expect(readDismissedAt('yesterday')).toBeNull();
    expect(readDismissedAt('-5')).toBeNull();
    expect(readDismissedAt('1795332999415')).toBe(1795332999415);
  });
});
