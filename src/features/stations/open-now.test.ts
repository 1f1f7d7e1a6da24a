import { describe, expect, it } from 'vitest';
import { zonedNow } from '#shared/station-calendar';
import type { WeeklyHours } from '#shared/stations';
import { isOpenNow, todaysHoursAt } from './open-now';

const daily = (text: string): WeeklyHours => ({ week: Array<string>(7).fill(text), exceptions: {} });
const at = (iso: string) => new Date(iso);

/**
 * The EU changes of 2026 (all at 01:00 UTC): spring on Sunday 29 March, autumn on Sunday
 * 25 October. Helsinki is UTC+2 in winter and UTC+3 in summer; Stockholm and Oslo UTC+1 and
 * UTC+2. Instants are written with the offset in force at that moment, and each check is
 * chosen so that the offset of the other side of the change would give the other answer.
 */
const DST_ZONES = [
  { zone: 'Europe/Helsinki', winter: '+02:00', summer: '+03:00' },
  { zone: 'Europe/Stockholm', winter: '+01:00', summer: '+02:00' },
  { zone: 'Europe/Oslo', winter: '+01:00', summer: '+02:00' },
] as const;
const CHANGES = [
  { name: 'spring forward', saturday: '2026-03-28', sunday: '2026-03-29', before: 'winter', after: 'summer' },
  { name: 'fall back', saturday: '2026-10-24', sunday: '2026-10-25', before: 'summer', after: 'winter' },
] as const;

/** The instant of a wall-clock time with an explicit UTC offset, checked against the zone. */
function wallClock(zone: string, date: string, time: string, offset: string): Date {
  const instant = at(`${date}T${time}:00${offset}`);
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  // The premise of the check: this instant is that wall-clock time in the zone.
  expect(zonedNow(instant, zone)).toMatchObject({ date, minutes: hours * 60 + minutes });
  return instant;
}

describe('open now in the station zone across daylight-saving changes', () => {
  const hours = daily('06:00-22:00');
  // Saturday's range runs past midnight, through the change, to 05:00 on Sunday.
  const nightly: WeeklyHours = {
    week: ['06:00-22:00', '06:00-22:00', '06:00-22:00', '06:00-22:00', '06:00-22:00', '20:00-05:00', '09:00-20:00'],
    exceptions: {},
  };

  for (const { zone, ...offsets } of DST_ZONES) {
    for (const change of CHANGES) {
      const before = offsets[change.before];
      const after = offsets[change.after];

      it(`${zone}, ${change.name} (${change.sunday}): opening and closing by the new wall clock`, () => {
        // The day before, on the old offset.
        expect(isOpenNow(hours, zone, wallClock(zone, change.saturday, '05:30', before))).toBe(false);
        expect(isOpenNow(hours, zone, wallClock(zone, change.saturday, '06:30', before))).toBe(true);
        expect(isOpenNow(hours, zone, wallClock(zone, change.saturday, '21:30', before))).toBe(true);
        // The day of the change, on the new offset: read with the old offset, 06:30 and
        // 22:30 (spring) or 21:30 (autumn) would give the other answer.
        expect(isOpenNow(hours, zone, wallClock(zone, change.sunday, '05:30', after))).toBe(false);
        expect(isOpenNow(hours, zone, wallClock(zone, change.sunday, '06:30', after))).toBe(true);
        expect(isOpenNow(hours, zone, wallClock(zone, change.sunday, '21:30', after))).toBe(true);
        expect(isOpenNow(hours, zone, wallClock(zone, change.sunday, '22:30', after))).toBe(false);
      });

      it(`${zone}, ${change.name} night: a range past midnight through the change`, () => {
        // Saturday evening and the small hours before the change: Saturday's range.
        expect(isOpenNow(nightly, zone, wallClock(zone, change.saturday, '19:30', before))).toBe(false);
        expect(isOpenNow(nightly, zone, wallClock(zone, change.saturday, '20:30', before))).toBe(true);
        expect(isOpenNow(nightly, zone, wallClock(zone, change.sunday, '00:30', before))).toBe(true);
        // After the change, still Saturday's range until 05:00 on the new wall clock.
        expect(isOpenNow(nightly, zone, wallClock(zone, change.sunday, '04:30', after))).toBe(true);
        expect(isOpenNow(nightly, zone, wallClock(zone, change.sunday, '05:00', after))).toBe(false);
        expect(isOpenNow(nightly, zone, wallClock(zone, change.sunday, '05:30', after))).toBe(false);
        // Sunday's own hours.
        expect(isOpenNow(nightly, zone, wallClock(zone, change.sunday, '09:30', after))).toBe(true);
      });
    }
  }

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
