/**
 * Keeps the country's live data streaming while the calling page is open (live-stream.ts):
 * the locator and a station page call it; the tab's controller opens one stream per
 * country whatever the number of callers, and only while the rules allow.
 */
import { useEffect } from 'react';
import type { Locale } from '#shared/locales';
import type { StationCountry } from '#shared/station-constants';
import { liveStreams } from './live-stream';

export function useLiveStream(country: StationCountry, locale: Locale): void {
  useEffect(() => {
    // No EventSource (an old browser, the server render): the delta sync alone, as before.
    if (typeof EventSource === 'undefined') return undefined;
    return liveStreams().watch(country, locale);
  }, [country, locale]);
}
