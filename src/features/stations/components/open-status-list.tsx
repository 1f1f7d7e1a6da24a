/**
 * "Open now" per kind of hours on a station page: station, kitchen, breakfast and lunch,
 * each "Open · closes 22:00", "Closes in 40 min" or "Closed · opens 06:00 tomorrow" in the
 * station's time zone, refreshed by the minute from the page's own data (so offline too).
 * Shown after hydration (the clock is the browser's; docs/stations.md "Open now").
 */
import { useT } from '@/i18n/use-t';
import type { StationDetails } from '@/shared/stations';
import { open24hLabel } from '../opening-hours';
import { openStatus, SOON_MINUTES, type DayRef, type OpenStatus } from '../open-status';
import { useMinuteNow } from '../use-minute-now';

type Hours = Pick<StationDetails, 'openingHours' | 'kitchenHours' | 'breakfastHours' | 'lunchHours' | 'timeZone'>;

const KINDS = [
  ['station', 'openingHours'],
  ['kitchen', 'kitchenHours'],
  ['breakfast', 'breakfastHours'],
  ['lunch', 'lunchHours'],
] as const;

function dayText(t: ReturnType<typeof useT>, day: DayRef): string {
  return day === 'today' ? '' : t(`stations.openStatus.day.${day}`);
}

function statusText(t: ReturnType<typeof useT>, status: OpenStatus): { open: boolean | null; text: string } {
  switch (status.kind) {
    case 'unknown':
      return { open: null, text: t('stations.status.unknown') };
    case 'open24h':
      return { open: true, text: open24hLabel(t) };
    case 'open': {
      const closes = status.closes;
      if (!closes) return { open: true, text: t('stations.status.open') };
      if (closes.minutesLeft <= SOON_MINUTES)
        return { open: true, text: t('stations.openStatus.closesIn', { minutes: closes.minutesLeft }) };
      return {
        open: true,
        text: t(closes.day === 'today' ? 'stations.openStatus.closes' : 'stations.openStatus.closesOn', {
          time: closes.time,
          day: dayText(t, closes.day),
        }),
      };
    }
    case 'closed': {
      const opens = status.opens;
      if (!opens) return { open: false, text: t('stations.status.closed') };
      if (opens.minutesLeft <= SOON_MINUTES)
        return { open: false, text: t('stations.openStatus.opensIn', { minutes: opens.minutesLeft }) };
      return {
        open: false,
        text: t(opens.day === 'today' ? 'stations.openStatus.opens' : 'stations.openStatus.opensOn', {
          time: opens.time,
          day: dayText(t, opens.day),
        }),
      };
    }
  }
}

export function OpenStatusList({ station }: { station: Hours }) {
  const t = useT();
  const now = useMinuteNow();
  const kinds = KINDS.filter(([, field]) => field === 'openingHours' || station[field] !== undefined);
  return (
    <ul className="station-open-status" aria-label={t('stations.openStatus.label')}>
      {/* The rows are in the server render too, with their status after hydration, so that
          the facts below do not move when the statuses arrive (layout shift). */}
      {kinds.map(([kind, field]) => {
        const status = now ? statusText(t, openStatus(station[field], station.timeZone, now)) : null;
        return (
          <li key={kind} data-kind={kind}>
            <span className="station-open-status__kind">{t(`stations.openStatus.kind.${kind}`)}</span>{' '}
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
