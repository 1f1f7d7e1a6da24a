import { describe, expect, it } from 'vitest';
import { zonedNow } from '../../shared/station-calendar';
import type { WeeklyHours } from '../../shared/stations';
import { isOpenNow, todaysHoursAt } from './open-now';

const daily = (text: string): WeeklyHours => ({ week: Array<string>(7).fill(text), exceptions: {} });
const at = (iso: string) => new Date(iso);

describe('open now in the station zone across daylight-saving changes', () => {
  const hours = daily('06:00-22:00');

  it('Europe/Helsinki, spring forward (29 Mar 2026, 03:00 EET → 04:00 EEST)', () => {
    // 05:30 local on Saturday (UTC+2): closed; 06:30 local on Sunday (UTC+3, same UTC hour): open.
    expect(isOpenNow(hours, 'Europe/Helsinki', at('2026-03-28T03:30:00Z'))).toBe(false);
    expect(isOpenNow(hours, 'Europe/Helsinki', at('2026-03-29T03:30:00Z'))).toBe(true);
  });

  it('Europe/Helsinki, fall back (25 Oct 2026)', () => {
    // 19:30Z is 22:30 on Saturday (EEST, UTC+3): closed; on Sunday (EET, UTC+2) 21:30: open.
    expect(isOpenNow(hours, 'Europe/Helsinki', at('2026-10-24T19:30:00Z'))).toBe(false);
    expect(isOpenNow(hours, 'Europe/Helsinki', at('2026-10-25T19:30:00Z'))).toBe(true);
  });

  it('Europe/Stockholm, spring forward (29 Mar 2026, 02:00 CET → 03:00 CEST)', () => {
    expect(isOpenNow(hours, 'Europe/Stockholm', at('2026-03-28T04:30:00Z'))).toBe(false); // 05:30 CET
    expect(isOpenNow(hours, 'Europe/Stockholm', at('2026-03-29T04:30:00Z'))).toBe(true); // 06:30 CEST
  });

  it('Europe/Oslo, fall back (25 Oct 2026)', () => {
    expect(isOpenNow(hours, 'Europe/Oslo', at('2026-10-24T20:30:00Z'))).toBe(false); // 22:30 CEST
    expect(isOpenNow(hours, 'Europe/Oslo', at('2026-10-25T20:30:00Z'))).toBe(true); // 21:30 CET
  });

  it('the same instant is open in one zone and closed in another', () => {
    const instant = at('2026-06-15T03:30:00Z'); // 06:30 Helsinki, 05:30 Stockholm and Oslo
    expect(isOpenNow(hours, 'Europe/Helsinki', instant)).toBe(true);
    expect(isOpenNow(hours, 'Europe/Stockholm', instant)).toBe(false);
    expect(isOpenNow(hours, 'Europe/Oslo', instant)).toBe(false);
  });
});

describe('open now across midnight', () => {
  // Friday and Saturday open 06:00–02:00 (next day), other days 06:00–22:00.
  const hours: WeeklyHours = {
    week: ['06:00-22:00', '06:00-22:00', '06:00-22:00', '06:00-22:00', '06:00-02:00', '08:00-02:00', '09:00-22:00'],
    exceptions: {},
  };
  const zone = 'Europe/Helsinki';

  it('is open after midnight when yesterday ran past it', () => {
    expect(isOpenNow(hours, zone, at('2026-11-20T23:30:00Z'))).toBe(true); // Sat 01:30 (Friday's range)
    expect(isOpenNow(hours, zone, at('2026-11-21T00:30:00Z'))).toBe(false); // Sat 02:30
    expect(isOpenNow(hours, zone, at('2026-11-21T21:30:00Z'))).toBe(true); // Sat 23:30
    expect(isOpenNow(hours, zone, at('2026-11-22T23:30:00Z'))).toBe(false); // Mon 01:30 (Sunday closes 22)
    expect(isOpenNow(hours, zone, at('2026-11-19T23:30:00Z'))).toBe(false); // Fri 01:30 (Thursday closes 22)
  });

  it('24 h is open at midnight and 23:59', () => {
    const allDay = daily('00:00-24:00');
    expect(isOpenNow(allDay, zone, at('2026-11-21T22:00:00Z'))).toBe(true);
    expect(isOpenNow(allDay, zone, at('2026-11-21T21:59:00Z'))).toBe(true);
  });

  it('closes at the end minute, opens at the start minute', () => {
    expect(isOpenNow(hours, zone, at('2026-11-23T04:00:00Z'))).toBe(true); // Mon 06:00
    expect(isOpenNow(hours, zone, at('2026-11-23T20:00:00Z'))).toBe(false); // Mon 22:00
  });
});

describe('exceptions and unknown hours', () => {
  it('a dated exception wins over the weekday', () => {
    const hours: WeeklyHours = { week: Array<string>(7).fill('06:00-22:00'), exceptions: { '2026-12-25': '' } };
    expect(isOpenNow(hours, 'Europe/Helsinki', at('2026-12-25T10:00:00Z'))).toBe(false);
    expect(isOpenNow(hours, 'Europe/Helsinki', at('2026-12-26T10:00:00Z'))).toBe(true);
  });

  it('is null for a malformed record', () => {
    expect(isOpenNow(null, 'Europe/Helsinki', new Date())).toBeNull();
  });

  it("formats today's hours", () => {
    const now = zonedNow(at('2026-11-23T10:00:00Z'), 'Europe/Helsinki');
    expect(todaysHoursAt(daily('07:00-11:30,12:30-20:00'), now)).toEqual({
      kind: 'ranges',
      text: '07:00 - 11:30, 12:30 - 20:00',
    });
    expect(todaysHoursAt(daily('00:00-24:00'), now)).toEqual({ kind: 'open24h' });
    expect(todaysHoursAt(daily(''), now)).toEqual({ kind: 'closed' });
    expect(todaysHoursAt(null, now)).toEqual({ kind: 'unknown' });
  });
});
