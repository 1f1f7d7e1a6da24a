/**
 * Weekly opening hours (the list's compact form, `WeeklyHours`) turned into the CMS
 * shapes of spec §3 for the dates around today in a station's own time zone: the origin
 * does it for a station page, the browser for a station page drawn from stored data
 * offline. Both must give the same tables, so the rule lives here once.
 */
import { addDays, isoWeekday, zonedNow } from './station-calendar';
import type { OpeningHoursShapeA, OpeningHoursShapeB, WeeklyHours } from './stations';

/** Days of opening hours on a page: yesterday and the week from today (spec §5 counts 8). */
const PAGE_DAYS = 8;

/** The ranges of a date: its exception, else its weekday's. */
function rangesOn(weekly: WeeklyHours, date: string): string[] {
  const text = weekly.exceptions[date] ?? weekly.week[isoWeekday(date) - 1] ?? '';
  return text === '' ? [] : text.split(',');
}

function withSeconds(time: string): string {
  return `${time}:00`;
}

function pageDates(timeZone: string, now: Date): string[] {
  const today = zonedNow(now, timeZone).date;
  return Array.from({ length: PAGE_DAYS }, (_, index) => addDays(today, index - 1));
}

export function toShapeA(weekly: WeeklyHours, timeZone: string, now: Date): OpeningHoursShapeA[] {
  return pageDates(timeZone, now).map((date) => ({
    date,
    openHours: rangesOn(weekly, date).map((range) => {
      const [start, end] = range.split('-') as [string, string];
      return { startTime: withSeconds(start), endTime: withSeconds(end) };
    }),
  }));
}

export function toShapeB(weekly: WeeklyHours, timeZone: string, now: Date): OpeningHoursShapeB {
  const days = pageDates(timeZone, now);
  return {
    store24h: days.every((date) => rangesOn(weekly, date).join(',') === '00:00-24:00'),
    storeOpeningHours: days.map((date) => ({
      date,
      hours: rangesOn(weekly, date).map((range) => {
        const [opens, closes] = range.split('-') as [string, string];
        return { opens: withSeconds(opens), closes: withSeconds(closes) };
      }),
    })),
  };
}
