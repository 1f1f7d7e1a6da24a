/**
 * A station's EV charge points on its page: power, plugs and live status. A status older
 * than 15 minutes shows as unknown with what was last reported and how long ago (so an
 * app offline, or a feed that stopped, never claims a charger is free). Each charger with
 * a known tariff shows its price per kWh, per minute and session fee, and what 20→80 % of
 * a 60 kWh battery would cost there, stated as an estimate.
 */
import { useLingui } from '@lingui/react';
import { useSite } from '@/ui/site-context';
import {
  chargeEstimate,
  currentStatus,
  maxPowerKw,
  type ChargePoint,
  type ChargeTariff,
  type ConnectorStandard,
} from '#shared/charge-points';
import { LOCALE_INFO } from '#shared/locales';
import { formatAge, formatMoney } from '../live-data-format';
import { useMinuteNow } from '../use-minute-now';
import { STATIONS_CHARGER_STATUS_IDS } from '../message-ids';

/** The names drivers know the plugs by (product names, the same in every language). */
const CONNECTOR_NAMES: Record<ConnectorStandard, string> = {
  IEC_62196_T2_COMBO: 'CCS',
  CHADEMO: 'CHAdeMO',
  IEC_62196_T2: 'Type 2',
};

export function ChargePointList({
  points,
  timeZone,
  currency,
}: {
  points: readonly ChargePoint[];
  timeZone: string;
  currency: string;
}) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const now = useMinuteNow();
  const { formatLocale } = LOCALE_INFO[locale];
  const kw = new Intl.NumberFormat(formatLocale, { maximumFractionDigits: 1 });
  const exact = new Intl.DateTimeFormat(formatLocale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const priced = points.some((point) => point.tariff);
  return (
    <>
      <ul className="station-chargers">
        {points.map((point) => {
          const shown = now ? currentStatus(point, now) : point.status;
          const stale = now !== null && shown !== point.status;
          const when = now ? formatAge(point.statusAt, now, locale) : exact.format(new Date(point.statusAt));
          return (
            <li key={point.uid} className="station-charger" data-evse={point.uid} data-status={shown}>
              <span className="station-charger__power">{kw.format(maxPowerKw(point))} kW</span>{' '}
              <span className="station-charger__plugs">
                {[...new Set(point.connectors.map((connector) => CONNECTOR_NAMES[connector.standard]))].join(', ')}
              </span>{' '}
              <span className={`station-charger__status station-charger__status--${shown.toLowerCase()}`}>
                {i18n._(STATIONS_CHARGER_STATUS_IDS[shown] ?? `stations.charger.status.${shown}`)}
              </span>{' '}
              <span className="station-charger__age">
                {stale
                  ? i18n._('stations.charger.lastKnown', {
                      status: i18n._(
                        STATIONS_CHARGER_STATUS_IDS[point.status] ?? `stations.charger.status.${point.status}`,
                      ),
                      age: when,
                    })
                  : `(${when})`}
              </span>
              {point.evseId ? <span className="station-charger__id"> {point.evseId}</span> : null}
              {/* Spaces: the parts read apart even before the stylesheet puts them on lines of their own. */}{' '}
              {point.tariff ? <ChargerTariff tariff={point.tariff} kw={maxPowerKw(point)} currency={currency} /> : null}
            </li>
          );
        })}
      </ul>
      {priced ? <p className="station-chargers__note">{i18n._('stations.tariff.note')}</p> : null}
    </>
  );
}

function ChargerTariff({ tariff, kw, currency }: { tariff: ChargeTariff; kw: number; currency: string }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const parts = [
    tariff.kwh !== undefined ? i18n._('stations.tariff.perKwh', { price: money(tariff.kwh) }) : null,
    tariff.minute !== undefined ? i18n._('stations.tariff.perMinute', { price: money(tariff.minute) }) : null,
    tariff.session !== undefined ? i18n._('stations.tariff.session', { price: money(tariff.session) }) : null,
    tariff.parkingMinute !== undefined
      ? i18n._('stations.tariff.parking', { price: money(tariff.parkingMinute) })
      : null,
  ].filter((part) => part !== null);
  const estimate = chargeEstimate(tariff, kw);
  return (
    <span className="station-charger__tariff">
      <span className="station-charger__prices">{parts.join(' · ')}</span>{' '}
      {estimate ? (
        <span className="station-charger__estimate">
          {i18n._('stations.tariff.estimate', { cost: money(estimate.cost), minutes: estimate.minutes })}
        </span>
      ) : null}
    </span>
  );
}
