/**
 * Calendar dates (yyyy-MM-dd) and wall-clock time in a station's own time zone. Dates are
 * plain calendar values: arithmetic on them runs in UTC so that no zone or daylight-saving
 * change can shift a day.
 */
import { formatInTimeZone } from 'date-fns-tz';

export interface ZonedNow {
  /** The date in the zone, yyyy-MM-dd. */
  date: string;
  /** Minutes since local midnight (wall clock), 0..1439. */
  minutes: number;
  /** ISO weekday in the zone: 1 Monday .. 7 Sunday. */
  isoWeekday: number;
}

/** What the clock on the wall of a station in `timeZone` shows at `instant`. */
export function zonedNow(instant: Date, timeZone: string): ZonedNow {
  const [date, time, weekday] = formatInTimeZone(instant, timeZone, 'yyyy-MM-dd|HH:mm|i').split('|') as [
    string,
    string,
    string,
  ];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return { date, minutes: hours * 60 + minutes, isoWeekday: Number(weekday) };
}

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 Monday .. 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = toUtc(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isCalendarDate(value: unknown): value is string {
  return (
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && toUtc(value).toISOString().slice(0, 10) === value
  );
}
