/**
 * What the locator says about its list: the notices (offline, a failed sync, how old the
 * stored list is, locating, a refused position) and the live count line that labels the
 * list.
 */
import { useT } from '@/i18n/use-t';
import { LOCALE_INFO, type Locale } from '@/shared/locales';
import { useOnlineStatus } from '@/ui/use-online-status';
import type { LocatorQuery } from '../locator-query';
import { CHEAPEST_NEAR_KM, type StationResult } from '../station-search';
import type { LocatorPosition } from '../use-locator';
import type { StationListState } from '../use-station-list';

export function LocatorNotices({
  list,
  position,
  locale,
}: {
  list: StationListState;
  position: LocatorPosition;
  locale: Locale;
}) {
  const t = useT();
  const online = useOnlineStatus();
  const freshness =
    list.syncedAt === null
      ? null
      : new Intl.DateTimeFormat(LOCALE_INFO[locale].formatLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(list.syncedAt),
        );
  return (
    <div className="station-locator__notices">
      {!online ? (
        <p className="station-notice station-notice--offline" role="status">
          {list.stations && list.stations.length > 0 ? t('stations.offline') : t('stations.offline.noData')}
        </p>
      ) : list.syncFailed ? (
        <p className="station-notice station-notice--warning" role="status">
          {t('stations.syncFailed')}
        </p>
      ) : null}
      {freshness && (!online || list.syncFailed) ? (
        <p className="station-notice">{t('stations.freshness', { time: freshness })}</p>
      ) : null}
      {position.status === 'locating' ? <p className="station-notice">{t('stations.nearMe.locating')}</p> : null}
      {position.status === 'error' ? (
        <p className="station-notice station-notice--warning" role="alert">
          {t(`stations.nearMe.${position.reason}`)}
        </p>
      ) : null}
    </div>
  );
}

export function LocatorCount({
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
  const t = useT();
  const priceNear = query.sort === 'price' && query.grade !== null && located;
  let text: string;
  if (results) {
    const order = priceNear
      ? ` · ${t('stations.prices.sortedNear', { km: CHEAPEST_NEAR_KM })}`
      : query.sort === 'price' && query.grade
        ? ` · ${t('stations.prices.sortedByPrice')}`
        : located && query.sort === 'distance'
          ? ` · ${t('stations.sortedByDistance')}`
          : '';
    text =
      results.length === 0
        ? t('stations.results.none')
        : `${t('stations.results.count', { count: results.length })}${order}`;
  } else {
    text = initial.total > 0 ? t('stations.results.initial', initial) : t('stations.loading');
  }
  return (
    <p id={id} className="station-locator__count" role="status" aria-live="polite">
      {text}
    </p>
  );
}
