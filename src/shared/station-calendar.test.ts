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
});
