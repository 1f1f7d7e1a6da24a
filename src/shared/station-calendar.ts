/**
 * Calendar dates (yyyy-MM-dd) and wall-clock time in a station's own time zone. Dates are
 * plain calendar values: arithmetic on them runs in UTC so that no zone or daylight-saving
 * change can shift a day.
 */

/**
 * One formatter per zone: making an Intl formatter is the costly part (tens of ms on a slow
 * phone), reading with it is cheap.
 *
 * The wall clock is read with Intl directly rather than date-fns-tz's formatInTimeZone, which
 * does the same through Intl: that function pulls in the whole of date-fns (every module of
 * its index, through its time-zone-name formatter), and in Node's ES module loader that
 * costs about 1.2 s of start-up in every process and worker that reads opening hours
 * (docs/performance.md, "Test suite"). Instants from wall-clock times stay with date-fns-tz
 * (open-status.ts, fromZonedTime).
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

const ISO_WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

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
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of wallClock(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const { year, month, day, hour, minute, weekday } = parts;
  return {
    date: `${year}-${month}-${day}`,
    minutes: Number(hour) * 60 + Number(minute),
    isoWeekday: ISO_WEEKDAYS[weekday ?? ''] ?? Number.NaN,
  };
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
