/**
 * Keeps the country's live data streaming while the calling page is open (live-stream.ts):
 * the locator and a station page call it; the tab's controller opens one stream per
 * country whatever the number of callers, and only while the rules allow. A stream resumes
 * the stored list, so it waits for one: a page opened before the country's first sync
 * (the background sync of a new install) gets its stream once that sync has stored it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { Locale } from '#shared/locales';
import type { StationCountry } from '#shared/station-constants';
import { liveStreams } from './live-stream';
import { readListMeta } from './station-db';

export function useLiveStream(country: StationCountry, locale: Locale): void {
  const stored = useLiveQuery(
    () =>
      readListMeta(country).then(
        (meta) => (meta?.liveVersion ?? 0) > 0,
        () => false,
      ),
    [country],
  );
  useEffect(() => {
    // No EventSource (an old browser, the server render) or nothing stored yet: the delta sync alone.
    if (!stored || typeof EventSource === 'undefined') return undefined;
    return liveStreams().watch(country, locale);
  }, [country, locale, stored]);
}
