/**
 * "Open now" and today's hours from the compact weekly hours of the station list, in the
 * station's own time zone, not the visitor's. Wall-clock arithmetic in that zone makes daylight-
 * saving changes need no special case: 06:00 is 06:00 on both sides of a change.
 */
import { addDays, isoWeekday, zonedNow, type ZonedNow } from '#shared/station-calendar';
import type { WeeklyHours } from '#shared/stations';

interface MinuteRange {
  start: number;
  end: number;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** The day's ranges text: its exception, else its weekday's. */
function dayText(hours: WeeklyHours, date: string): string {
  return hours.exceptions[date] ?? hours.week[isoWeekday(date) - 1] ?? '';
}

// Few distinct day texts exist ("06:00-22:00" …); parsing each once keeps a keystroke cheap.
const parsedRanges = new Map<string, MinuteRange[]>();

function ranges(text: string): MinuteRange[] {
  let parsed = parsedRanges.get(text);
  if (!parsed) {
    parsed =
      text === ''
        ? []
        : text.split(',').map((range) => {
            const [start, end] = range.split('-') as [string, string];
            return { start: minutesOf(start), end: minutesOf(end) };
          });
    if (parsedRanges.size < 5000) parsedRanges.set(text, parsed);
  }
  return parsed;
}

const yesterdays = new Map<string, string>();
function yesterdayOf(date: string): string {
  let value = yesterdays.get(date);
  if (!value) {
    value = addDays(date, -1);
    if (yesterdays.size > 1000) yesterdays.clear();
    yesterdays.set(date, value);
  }
  return value;
}

/**
 * Open at the zoned wall-clock time `now`: inside one of today's ranges, or inside the
 * after-midnight part of yesterday's range that ran past midnight (end before start).
 */
export function isOpenAt(hours: WeeklyHours, now: ZonedNow): boolean {
  const today = ranges(hours.exceptions[now.date] ?? hours.week[now.isoWeekday - 1] ?? '');
  for (const { start, end } of today) {
    if (end > start ? now.minutes >= start && now.minutes < end : now.minutes >= start) return true;
  }
  const yesterdayDate = yesterdayOf(now.date);
  const yesterday = ranges(hours.exceptions[yesterdayDate] ?? hours.week[(now.isoWeekday + 5) % 7] ?? '');
  return yesterday.some(({ start, end }) => end < start && now.minutes < end);
}

/** Open now in `timeZone`; null when the hours are unknown (a malformed record). */
export function isOpenNow(hours: WeeklyHours | null, timeZone: string, instant: Date): boolean | null {
  return hours ? isOpenAt(hours, zonedNow(instant, timeZone)) : null;
}

export type TodaysHours =
  { kind: 'unknown' } | { kind: 'open24h' } | { kind: 'closed' } | { kind: 'ranges'; text: string };

/** Today's hours for a list row: 24 h, closed, or 'start - end' ranges (spec §5 style). */
export function todaysHoursAt(hours: WeeklyHours | null, now: ZonedNow): TodaysHours {
  if (!hours) return { kind: 'unknown' };
  const text = dayText(hours, now.date);
  if (text === '00:00-24:00') return { kind: /*i18n*/ 'open24h' };
  if (text === '') return { kind: 'closed' };
  return {
    kind: 'ranges',
    text: text
      .split(',')
      .map((range) => range.replace('-', ' - '))
      .join(', '),
  };
}
