/**
 * "Open now" on a station page, per kind of hours (station, kitchen, lunch, breakfast):
 * "Open · closes 22:00", "Closes in 40 min", "Closed · opens 06:00 tomorrow", from the
 * dated hours of the page (CMS shapes A and B of spec §3) in the station's own time zone.
 *
 * The hours are laid on one wall-clock line from yesterday's midnight (a range ending
 * before it starts runs past midnight; touching ranges, such as 22:00–24:00 and the next
 * day's 00:00–02:00, join), so midnight needs no special case. Which range holds "now" is a
 * wall-clock question (06:00 is 06:00 on both sides of a daylight-saving change); how many
 * minutes are left is a question of real time, so it is measured between instants
 * (fromZonedTime), and a night with a clock change counts the hour it really has.
 */
// The function's own entry: the package's index loads all of date-fns (station-calendar.ts).
import { fromZonedTime } from 'date-fns-tz/fromZonedTime';
import { addDays, isCalendarDate, isoWeekday, zonedNow } from '#shared/station-calendar';
import { datedDays, formatTime } from './opening-hours';

const DAY = 1440;
/** Under this many minutes, "closes in N min" / "opens in N min" instead of the time. */
export const SOON_MINUTES = 60;

/** Today, tomorrow, or the ISO weekday (1 Monday .. 7 Sunday) of a day later in the week. */
export type DayRef = 'today' | 'tomorrow' | 1 | 2 | 3 | 4 | 5 | 6 | 7;

interface Moment {
  /** Wall-clock 'HH:mm' in the station's zone ('24:00' for the end of a day). */
  time: string;
  day: DayRef;
  /** Real minutes from now (rounded up). */
  minutesLeft: number;
}

export type OpenStatus =
  | { kind: 'unknown' }
  | { kind: 'open24h' }
  | { kind: 'open'; closes: Moment | null }
  | { kind: 'closed'; opens: Moment | null };

interface Interval {
  start: number;
  end: number;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

const pad = (value: number) => String(value).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The merged open intervals in minutes from today's midnight; null for malformed data. */
function intervals(
  days: Array<{ date: unknown; ranges: Array<{ start: string; end: string }> | null }>,
  today: string,
) {
  const list: Interval[] = [];
  const offsets: number[] = [];
  for (const day of days) {
    if (!isCalendarDate(day.date) || day.ranges === null) return null;
    const offset = daysBetween(today, day.date);
    offsets.push(offset);
    for (const range of day.ranges) {
      const start = formatTime(range.start);
      const end = formatTime(range.end);
      if (start === null || end === null) return null;
      const from = minutesOf(start.slice(0, 5));
      let to = minutesOf(end.slice(0, 5));
      if (from === to) continue;
      if (to < from) to += DAY;
      list.push({ start: offset * DAY + from, end: offset * DAY + to });
    }
  }
  list.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of list) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return { merged, first: Math.min(...offsets), last: Math.max(...offsets) };
}

function moment(minute: number, today: string, timeZone: string, instant: Date): Moment {
  // The end of a day reads '24:00' of that day, not '00:00' of the next.
  const endOfDay = minute % DAY === 0 && minute > 0;
  const offset = endOfDay ? minute / DAY - 1 : Math.floor(minute / DAY);
  const wall = minute - offset * DAY;
  const date = addDays(today, offset);
  const at = fromZonedTime(`${addDays(today, Math.floor(minute / DAY))}T${clock(minute % DAY)}:00`, timeZone);
  return {
    time: clock(wall),
    day: offset === 0 ? 'today' : offset === 1 ? 'tomorrow' : (isoWeekday(date) as DayRef),
    minutesLeft: Math.max(0, Math.ceil((at.getTime() - instant.getTime()) / 60_000)),
  };
}

/** The open-now status of one kind of a station's hours at `instant` (see the module comment). */
export function openStatus(hours: unknown, timeZone: string, instant: Date): OpenStatus {
  const parsed = datedDays(hours);
  if (!parsed) return { kind: 'unknown' };
  if (parsed.store24h) return { kind: /*i18n*/ 'open24h' };
  const now = zonedNow(instant, timeZone);
  const found = intervals(parsed.days, now.date);
  // Hours that do not reach today (a page stored offline long ago) say nothing about now.
  if (!found || found.last < 0 || found.first > 0) return { kind: 'unknown' };
  const windowStart = found.first * DAY;
  const windowEnd = (found.last + 1) * DAY;
  const t = now.minutes;
  const current = found.merged.find((interval) => interval.start <= t && t < interval.end);
  if (current) {
    if (current.start <= windowStart && current.end >= windowEnd) return { kind: /*i18n*/ 'open24h' };
    return {
      kind: 'open',
      closes: current.end >= windowEnd ? null : moment(current.end, now.date, timeZone, instant),
    };
  }
  const next = found.merged.find((interval) => interval.start > t);
  return { kind: 'closed', opens: next ? moment(next.start, now.date, timeZone, instant) : null };
}
