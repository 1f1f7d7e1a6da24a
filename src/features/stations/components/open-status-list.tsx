/**
 * "Open now" per kind of hours on a station page: station, kitchen, breakfast and lunch,
 * each "Open · closes 22:00", "Closes in 40 min" or "Closed · opens 06:00 tomorrow" in the
 * station's time zone, refreshed by the minute from the page's own data (so offline too).
 * Rendered by the server for the moment of its render, the browser's clock after hydration
 * (docs/stations.md "Open now").
 */
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { StationDetails } from '#shared/stations';
import { open24hLabel } from '../opening-hours';
import { openStatus, SOON_MINUTES, type DayRef, type OpenStatus } from '../open-status';
import { useRenderDate } from '@/ui/render-date';
import { useMinuteNow } from '../use-minute-now';
import { STATIONS_OPEN_STATUS_DAY_IDS, STATIONS_OPEN_STATUS_KIND_IDS } from '../message-ids';

type Hours = Pick<StationDetails, 'openingHours' | 'kitchenHours' | 'breakfastHours' | 'lunchHours' | 'timeZone'>;

const KINDS = [
  ['station', 'openingHours'],
  ['kitchen', 'kitchenHours'],
  ['breakfast', 'breakfastHours'],
  ['lunch', 'lunchHours'],
] as const;

function dayText(i18n: I18n, day: DayRef): string {
  return day === 'today' ? '' : i18n._(STATIONS_OPEN_STATUS_DAY_IDS[day] ?? `stations.openStatus.day.${day}`);
}

function statusText(i18n: I18n, status: OpenStatus): { open: boolean | null; text: string } {
  switch (status.kind) {
    case 'unknown':
      return { open: null, text: i18n._('stations.status.unknown') };
    case 'open24h':
      return { open: true, text: open24hLabel(i18n.t) };
    case 'open': {
      const closes = status.closes;
      if (!closes) return { open: true, text: i18n._('stations.status.open') };
      if (closes.minutesLeft <= SOON_MINUTES)
        return { open: true, text: i18n._('stations.openStatus.closesIn', { minutes: closes.minutesLeft }) };
      return {
        open: true,
        text: i18n._(
          closes.day === 'today' ? /*i18n*/ 'stations.openStatus.closes' : /*i18n*/ 'stations.openStatus.closesOn',
          {
            time: closes.time,
            day: dayText(i18n, closes.day),
          },
        ),
      };
    }
    case 'closed': {
      const opens = status.opens;
      if (!opens) return { open: false, text: i18n._('stations.status.closed') };
      if (opens.minutesLeft <= SOON_MINUTES)
        return { open: false, text: i18n._('stations.openStatus.opensIn', { minutes: opens.minutesLeft }) };
      return {
        open: false,
        text: i18n._(
          opens.day === 'today' ? /*i18n*/ 'stations.openStatus.opens' : /*i18n*/ 'stations.openStatus.opensOn',
          {
            time: opens.time,
            day: dayText(i18n, opens.day),
          },
        ),
      };
    }
  }
}

export function OpenStatusList({ station }: { station: Hours }) {
  const { i18n } = useLingui();
  // The server renders the statuses at the moment it writes into the boot data, and
  // hydration uses that same moment (src/ui/render-date.ts); the browser's clock follows
  // right after. Rendered empty instead, the rows grew when the statuses arrived and pushed
  // the facts below them down (issue 31: CLS 0.062 on a phone).
  const renderDate = useRenderDate();
  const now = useMinuteNow() ?? renderDate;
  const kinds = KINDS.filter(([, field]) => field === 'openingHours' || station[field] !== undefined);
  return (
    <ul className="station-open-status" aria-label={i18n._('stations.openStatus.label')}>
      {/* The rows are in the server render too, with their status after hydration, so that
          the facts below do not move when the statuses arrive (layout shift). */}
      {kinds.map(([kind, field]) => {
        const status = now ? statusText(i18n, openStatus(station[field], station.timeZone, now)) : null;
        return (
          <li key={kind} data-kind={kind}>
            <span className="station-open-status__kind">
              {i18n._(STATIONS_OPEN_STATUS_KIND_IDS[kind] ?? `stations.openStatus.kind.${kind}`)}
            </span>{' '}
            {status ? (
              <span
                className={
                  status.open === null
                    ? 'station-status'
                    : `station-status station-status--${status.open ? 'open' : 'closed'}`
                }
              >
                {status.text}
              </span>
            ) : (
              <span className="station-status station-status--pending" aria-hidden="true">
                {'\u00a0'}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
