/**
 * Which countries' stations this device holds and when each list was last confirmed with
 * the origin (docs/stations.md "Offline"): read live, so a background sync of another
 * country shows as it lands. Nothing is shown until storage has been read, or without it.
 */
import { memo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLingui } from '@lingui/react';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import type { StationCountry } from '#shared/stations';
import { countryOrder } from '../country-order';
import { readStoredCountries, type StoredCountry } from '../station-db';
import { STATIONS_COUNTRY_IDS } from '../message-ids';

function useStoredCountries(): StoredCountry[] | undefined {
  return useLiveQuery(() => readStoredCountries().catch(() => undefined), []);
}

export const StoredCountries = memo(function StoredCountries({
  locale,
  homeCountry,
}: {
  locale: Locale;
  homeCountry: StationCountry;
}) {
  const { i18n } = useLingui();
  const stored = useStoredCountries();
  if (!stored) return null;
  const format = new Intl.DateTimeFormat(LOCALE_INFO[locale].formatLocale, { dateStyle: 'short', timeStyle: 'short' });
  const byCountry = new Map(stored.map((entry) => [entry.country, entry]));
  const shown = countryOrder(homeCountry).flatMap((country) => {
    const entry = byCountry.get(country);
    return entry ? [entry] : [];
  });
  return (
    <p className="station-locator__stored" data-stored-countries>
      {shown.length === 0 ? (
        i18n._('stations.stored.none')
      ) : (
        <>
          {i18n._('stations.stored.label')}{' '}
          {shown.map((entry, index) => (
            <span key={entry.country} data-country={entry.country}>
              {index > 0 ? ', ' : null}
              {i18n._('stations.stored.country', {
                country: i18n._(STATIONS_COUNTRY_IDS[entry.country] ?? `stations.country.${entry.country}`),
                time: format.format(new Date(entry.syncedAt)),
              })}
            </span>
          ))}
        </>
      )}
    </p>
  );
});
