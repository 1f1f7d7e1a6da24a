/**
 * What the locator says about its list: the notices (offline, a failed sync, how old the
 * stored list is, locating, a refused position) and the live count line that labels the
 * list.
 */
import { memo } from 'react';
import { useLingui } from '@lingui/react';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import { useOnlineStatus } from '@/ui/use-online-status';
import { formatAge } from '../live-data-format';
import type { LocatorQuery } from '../locator-query';
import { CHEAPEST_NEAR_KM, type StationResult } from '../station-search';
import type { LocatorPosition } from '../use-locator';
import type { StationListState } from '../use-station-list';
import { STATIONS_NEAR_ME_IDS } from '../message-ids';

export function LocatorNotices({
  list,
  position,
  locale,
  staleChargers,
}: {
  list: StationListState;
  position: LocatorPosition;
  locale: Locale;
  /** With "fast charger available now" on: the newest status stored, when all are too old. */
  staleChargers: { at: number; now: Date } | null;
}) {
  const { i18n } = useLingui();
  const online = useOnlineStatus();
  // Formatted only when shown: a date format is costly to build, and this renders on every key.
  const freshness =
    list.syncedAt === null || (online && !list.syncFailed)
      ? null
      : new Intl.DateTimeFormat(LOCALE_INFO[locale].formatLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(list.syncedAt),
        );
  return (
    <div className="station-locator__notices">
      {!online ? (
        <p className="station-notice station-notice--offline" role="status">
          {list.stations && list.stations.length > 0 ? i18n._('stations.offline') : i18n._('stations.offline.noData')}
        </p>
      ) : list.syncFailed ? (
        <p className="station-notice station-notice--warning" role="status">
          {i18n._('stations.syncFailed')}
        </p>
      ) : null}
      {freshness && (!online || list.syncFailed) ? (
        <p className="station-notice">{i18n._('stations.freshness', { time: freshness })}</p>
      ) : null}
      {staleChargers ? (
        <p className="station-notice station-notice--warning" role="status" data-notice="stale-chargers">
          {i18n._('stations.chargers.staleFilter', {
            age: formatAge(new Date(staleChargers.at).toISOString(), staleChargers.now, locale),
          })}
        </p>
      ) : null}
      {position.status === 'locating' ? <p className="station-notice">{i18n._('stations.nearMe.locating')}</p> : null}
      {position.status === 'error' ? (
        <p className="station-notice station-notice--warning" role="alert">
          {i18n._(STATIONS_NEAR_ME_IDS[position.reason] ?? `stations.nearMe.${position.reason}`)}
        </p>
      ) : null}
    </div>
  );
}

/** Memoised: the count follows the deferred search, not each key (station-locator.tsx). */
export const LocatorCount = memo(function LocatorCount({
  id,
  results,
  query,
  located,
  initial,
}: {
  id: string;
  results: StationResult[] | null;
  query: LocatorQuery;
  located: boolean;
  /** The block's short server list, shown until the stored list has been read and searched. */
  initial: { shown: number; total: number };
}) {
  const { i18n } = useLingui();
  const priceNear = query.sort === 'price' && query.grade !== null && located;
  let text: string;
  if (results) {
    const order = priceNear
      ? ` · ${i18n._('stations.prices.sortedNear', { km: CHEAPEST_NEAR_KM })}`
      : query.sort === 'price' && query.grade
        ? ` · ${i18n._('stations.prices.sortedByPrice')}`
        : located && query.sort === 'distance'
          ? ` · ${i18n._('stations.sortedByDistance')}`
          : '';
    text =
      results.length === 0
        ? i18n._('stations.results.none')
        : `${i18n._('stations.results.count', { count: results.length })}${order}`;
  } else {
    text = initial.total > 0 ? i18n._('stations.results.initial', initial) : i18n._('stations.loading');
  }
  return (
    <p id={id} className="station-locator__count" role="status" aria-live="polite">
      {text}
    </p>
  );
});
