/**
 * A station's fuel prices on its page: each grade's price in the station's currency and
 * how long ago it was set ("2 h ago"; the exact time in the `<time>` element), from the
 * page's data or what this device stored, so the last known prices show offline too.
 */
import { useLingui } from '@lingui/react';
import { useSite } from '@/ui/site-context';
import { GRADE_UNIT, type FuelPrice } from '#shared/fuel-prices';
import { LOCALE_INFO } from '#shared/locales';
import { formatAge, formatFuelPrice } from '../live-data-format';
import { useMinuteNow } from '../use-minute-now';
import { STATIONS_SERVICE_IDS } from '../message-ids';

/**
 * The table is named by the heading above it (`labelledBy`), not by a caption of its own: a
 * hidden caption repeated the heading, and screen readers read "Fuel prices" twice.
 */
export function FuelPriceTable({
  prices,
  currency,
  timeZone,
  labelledBy,
}: {
  prices: readonly FuelPrice[];
  currency: string;
  timeZone: string;
  labelledBy: string;
}) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const now = useMinuteNow();
  const exact = new Intl.DateTimeFormat(LOCALE_INFO[locale].formatLocale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  });
  return (
    <table className="station-prices" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{i18n._('stations.prices.grade')}</th>
          <th scope="col">{i18n._('stations.prices.price')}</th>
          <th scope="col">{i18n._('stations.prices.setAt')}</th>
        </tr>
      </thead>
      <tbody>
        {prices.map((entry) => (
          <tr key={entry.grade} data-grade={entry.grade}>
            <th scope="row">{i18n._(STATIONS_SERVICE_IDS[entry.grade] ?? `stations.service.${entry.grade}`)}</th>
            <td className="station-prices__price">
              {formatFuelPrice(entry.price, currency, locale)}
              <span className="station-prices__unit"> / {GRADE_UNIT[entry.grade]}</span>
            </td>
            <td>
              <time dateTime={entry.setAt} title={exact.format(new Date(entry.setAt))}>
                {now ? formatAge(entry.setAt, now, locale) : exact.format(new Date(entry.setAt))}
              </time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
