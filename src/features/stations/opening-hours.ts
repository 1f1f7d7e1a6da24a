/**
 * Opening hours display of spec §5, for the CMS shapes A and B of spec §3:
 * - open 24 h when there are exactly 8 daily entries and all run 00:00:00–24:00:00
 *   (shape A), or store24h is set (shape B): a single open24h row;
 * - times without trailing ':00' seconds, each range 'start - end', ranges joined by ', ';
 * - '-' for a day with no entry or with malformed data;
 * - the table lists only dates later than yesterday, labelled day.today, day.tomorrow,
 *   else day.{1-7} (ISO weekday).
 */
import { addDays, isCalendarDate, isoWeekday } from '#shared/station-calendar';

const NO_HOURS = '-';

/** Spec §5: the label of open24h, with the fallback 'Open 24h' when no catalog has it. */
const OPEN_24H_ID = /*i18n*/ 'open24h';
const OPEN_24H_FALLBACK = 'Open 24h';

/** The open24h label through `t`, which answers a missing message with its bare id. */
export function open24hLabel(t: (id: string) => string): string {
  const text = t(OPEN_24H_ID);
  return text && text !== OPEN_24H_ID ? text : OPEN_24H_FALLBACK;
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$|^24:00(?::00)?$/;

type DayLabel = { id: 'day.today' | 'day.tomorrow' | (typeof WEEKDAY_IDS)[number] };

interface HoursRow {
  date: string;
  label: DayLabel;
  /** "07:00 - 22:00, 23:00 - 24:00", or '-' */
  text: string;
}

export type HoursTable = { kind: 'open24h' } | { kind: 'days'; rows: HoursRow[] };

interface Range {
  start: string;
  end: string;
}

/** "07:00:00" → "07:00"; "07:30:15" stays; anything else is not a time. */
export function formatTime(time: unknown): string | null {
  if (typeof time !== 'string' || !TIME.test(time)) return null;
  return time.replace(/^(\d\d:\d\d):00$/, '$1');
}

/** 'start - end' joined by ', '; '-' when there is no range or one is malformed. */
export function formatRanges(ranges: readonly Range[] | null | undefined): string {
  if (!ranges || ranges.length === 0) return NO_HOURS;
  const parts: string[] = [];
  for (const range of ranges) {
    const start = formatTime(range.start);
    const end = formatTime(range.end);
    if (start === null || end === null) return NO_HOURS;
    parts.push(`${start} - ${end}`);
  }
  return parts.join(', ');
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Shape A entries as date → ranges; null when the value is not shape A at all. */
function shapeADays(value: unknown): Array<{ date: unknown; ranges: Range[] | null }> | null {
  if (!Array.isArray(value)) return null;
  return value.map((entry) => {
    if (!isObject(entry) || !Array.isArray(entry.openHours))
      return { date: isObject(entry) ? entry.date : undefined, ranges: null };
    const ranges = entry.openHours.map((item) =>
      isObject(item) ? { start: item.startTime as string, end: item.endTime as string } : { start: '', end: '' },
    );
    return { date: entry.date, ranges };
  });
}

function shapeBDays(
  value: unknown,
): { store24h: boolean; days: Array<{ date: unknown; ranges: Range[] | null }> } | null {
  if (!isObject(value) || typeof value.store24h !== 'boolean') return null;
  if (value.store24h) return { store24h: true, days: [] };
  if (!Array.isArray(value.storeOpeningHours)) return null;
  return {
    store24h: false,
    days: value.storeOpeningHours.map((entry: unknown) => {
      if (!isObject(entry) || !Array.isArray(entry.hours))
        return { date: isObject(entry) ? entry.date : undefined, ranges: null };
      const ranges = entry.hours.map((item: unknown) =>
        isObject(item) ? { start: item.opens as string, end: item.closes as string } : { start: '', end: '' },
      );
      return { date: entry.date, ranges };
    }),
  };
}

/** Spec §5: exactly 8 daily entries, every one a single 00:00:00–24:00:00 range. */
export function isOpen24h(value: unknown): boolean {
  const days = shapeADays(value);
  return (
    days !== null &&
    days.length === 8 &&
    days.every(
      (day) => day.ranges?.length === 1 && day.ranges[0]!.start === '00:00:00' && day.ranges[0]!.end === '24:00:00',
    )
  );
}

/**
 * The dated days of opening hours in shape A or B as raw 'HH:mm[:ss]' ranges, for the
 * open-now status (open-status.ts); `store24h` for shape B's flag; null when the value is
 * neither shape.
 */
export function datedDays(value: unknown): {
  store24h: boolean;
  days: Array<{ date: unknown; ranges: Range[] | null }>;
} | null {
  const shapeB = shapeBDays(value);
  if (shapeB) return shapeB;
  const shapeA = shapeADays(value);
  return shapeA ? { store24h: false, days: shapeA } : null;
}

/** The weekday names by ISO weekday, 1 Monday .. 7 Sunday. */
const WEEKDAY_IDS = [
  /*i18n*/ 'day.1',
  /*i18n*/ 'day.2',
  /*i18n*/ 'day.3',
  /*i18n*/ 'day.4',
  /*i18n*/ 'day.5',
  /*i18n*/ 'day.6',
  /*i18n*/ 'day.7',
] as const;

function dayLabel(date: string, today: string): DayLabel {
  if (date === today) return { id: /*i18n*/ 'day.today' };
  if (date === addDays(today, 1)) return { id: /*i18n*/ 'day.tomorrow' };
  return { id: WEEKDAY_IDS[isoWeekday(date) - 1]! };
}

/**
 * The table of a station's opening hours (shape A or B, or whatever the CMS sent) as seen
 * on `today` (yyyy-MM-dd in the station's zone). Malformed data gives a table of one '-'.
 */
export function openingHoursTable(value: unknown, today: string): HoursTable {
  const shapeB = shapeBDays(value);
  if (shapeB?.store24h) return { kind: /*i18n*/ 'open24h' };
  if (isOpen24h(value)) return { kind: /*i18n*/ 'open24h' };
  const days = shapeB?.days ?? shapeADays(value);
  const yesterday = addDays(today, -1);
  if (!days) return { kind: 'days', rows: [{ date: today, label: dayLabel(today, today), text: NO_HOURS }] };
  const rows = days
    .filter((day): day is { date: string; ranges: Range[] | null } => isCalendarDate(day.date) && day.date > yesterday)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({ date: day.date, label: dayLabel(day.date, today), text: formatRanges(day.ranges) }));
  return {
    kind: 'days',
    rows: rows.length > 0 ? rows : [{ date: today, label: dayLabel(today, today), text: NO_HOURS }],
  };
}

/** Today's hours text of a page's opening hours ('-' when unknown), or 'open24h'. */
export function todaysHours(value: unknown, today: string): string | { id: 'open24h' } {
  const table = openingHoursTable(value, today);
  if (table.kind === 'open24h') return { id: /*i18n*/ 'open24h' };
  return table.rows.find((row) => row.date === today)?.text ?? NO_HOURS;
}
