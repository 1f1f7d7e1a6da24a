import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, isoWeekday, zonedNow } from './station-calendar';

describe('station calendar', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a DST Sunday is still one day
  });

  it('knows ISO weekdays and real dates', () => {
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate(20261122)).toBe(false);
  });

  it('reads the wall clock of a zone', () => {
    // 22:30 UTC on Saturday is already Sunday 00:30 in Helsinki (UTC+2 in November).
    expect(zonedNow(new Date('2026-11-21T22:30:00Z'), 'Europe/Helsinki')).toEqual({
      date: '2026-11-22',
      minutes: 30,
      isoWeekday: 7,
    });
    expect(zonedNow(new Date('2026-11-21T22:30:00Z'), 'Europe/Oslo')).toEqual({
      date: '2026-11-21',
      minutes: 23 * 60 + 30,
      isoWeekday: 6,
    });
  });

  it('reads the wall clock across daylight-saving changes', () => {
    // Spring: at 01:00 UTC Helsinki's clocks go from 03:00 to 04:00.
    expect(zonedNow(new Date('2026-03-29T00:59:00Z'), 'Europe/Helsinki').minutes).toBe(2 * 60 + 59);
    expect(zonedNow(new Date('2026-03-29T01:00:00Z'), 'Europe/Helsinki').minutes).toBe(4 * 60);
    // Autumn: 03:30 happens twice, an hour apart.
    expect(zonedNow(new Date('2026-10-25T00:30:00Z'), 'Europe/Helsinki').minutes).toBe(3 * 60 + 30);
    expect(zonedNow(new Date('2026-10-25T01:30:00Z'), 'Europe/Helsinki').minutes).toBe(3 * 60 + 30);
    // Midnight is 0, never 24:00.
    expect(zonedNow(new Date('2026-11-21T23:00:00Z'), 'Europe/Oslo')).toEqual({
      date: '2026-11-22',
      minutes: 0,
      isoWeekday: 7,
    });
  });

  it("agrees with date-fns-tz for any instant in the four countries' zones", () => {
    const zones = ['Europe/Helsinki', 'Europe/Stockholm', 'Europe/Oslo', 'Europe/Copenhagen', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const [date, time, weekday] = formatInTimeZone(instant, zone, 'yyyy-MM-dd|HH:mm|i').split('|');
          const [hours, minutes] = time!.split(':').map(Number) as [number, number];
          expect(zonedNow(instant, zone)).toEqual({ date, minutes: hours * 60 + minutes, isoWeekday: Number(weekday) });
        },
      ),
      { numRuns: 500 },
    );
  });
});
