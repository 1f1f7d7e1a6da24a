import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/station-calendar';
import { openStatus } from './open-status';

/** Shape A of spec §3 for the 8 days from `yesterday`, one 'HH:mm-HH:mm,…' text per day ('' closed). */
function shapeA(yesterday: string, texts: readonly string[]) {
  return texts.map((text, index) => ({
    date: addDays(yesterday, index),
    openHours:
      text === ''
        ? []
        : text.split(',').map((range) => {
            const [start, end] = range.split('-') as [string, string];
            return { startTime: `${start}:00`, endTime: `${end}:00` };
          }),
  }));
}

const HELSINKI = 'Europe/Helsinki';
const week = (text: string) => Array<string>(8).fill(text);

describe('openStatus', () => {
  // Wednesday 25 November 2026, Helsinki is UTC+2.
  const yesterday = '2026-11-24';

  it('is open with the closing time, and counts down in the last hour', () => {
    const hours = shapeA(yesterday, week('06:00-22:00'));
    expect(openStatus(hours, HELSINKI, new Date('2026-11-25T12:00:00+02:00'))).toEqual({
      kind: 'open',
      closes: { time: '22:00', day: 'today', minutesLeft: 600 },
    });
    expect(openStatus(hours, HELSINKI, new Date('2026-11-25T21:20:00+02:00'))).toMatchObject({
      kind: 'open',
      closes: { time: '22:00', minutesLeft: 40 },
    });
  });

  it('is closed with the next opening: later today, tomorrow, or a weekday', () => {
    const hours = shapeA(yesterday, week('06:00-22:00'));
    expect(openStatus(hours, HELSINKI, new Date('2026-11-25T05:30:00+02:00'))).toEqual({
      kind: 'closed',
      opens: { time: '06:00', day: 'today', minutesLeft: 30 },
    });
    expect(openStatus(hours, HELSINKI, new Date('2026-11-25T22:00:00+02:00'))).toMatchObject({
      kind: 'closed',
      opens: { time: '06:00', day: 'tomorrow', minutesLeft: 480 },
    });
    // Closed Thursday and Friday (holidays), open again on Saturday 28th (ISO weekday 6).
    const closedDays = shapeA(yesterday, ['06:00-22:00', '06:00-22:00', '', '', '10:00-18:00', '', '', '']);
    expect(openStatus(closedDays, HELSINKI, new Date('2026-11-25T23:00:00+02:00'))).toMatchObject({
      kind: 'closed',
      opens: { time: '10:00', day: 6 },
    });
    // Nothing open in the days the page knows: closed, no opening to name.
    expect(openStatus(shapeA(yesterday, week('')), HELSINKI, new Date('2026-11-25T12:00:00+02:00'))).toEqual({
      kind: 'closed',
      opens: null,
    });
  });

  it('runs past midnight: yesterday night still open after midnight, closing at 24:00 reads 24:00', () => {
    const night = shapeA(yesterday, week('20:00-02:00'));
    expect(openStatus(night, HELSINKI, new Date('2026-11-25T01:30:00+02:00'))).toMatchObject({
      kind: 'open',
      closes: { time: '02:00', day: 'today', minutesLeft: 30 },
    });
    expect(openStatus(night, HELSINKI, new Date('2026-11-25T23:00:00+02:00'))).toMatchObject({
      kind: 'open',
      closes: { time: '02:00', day: 'tomorrow', minutesLeft: 180 },
    });
    const toMidnight = shapeA(yesterday, week('07:00-24:00'));
    expect(openStatus(toMidnight, HELSINKI, new Date('2026-11-25T23:30:00+02:00'))).toMatchObject({
      kind: 'open',
      closes: { time: '24:00', day: 'today', minutesLeft: 30 },
    });
    // 22:00-24:00 and the next day's 00:00-02:00 are one opening.
    const split = shapeA(yesterday, week('00:00-02:00,06:00-24:00'));
    expect(openStatus(split, HELSINKI, new Date('2026-11-25T23:30:00+02:00'))).toMatchObject({
      kind: 'open',
      closes: { time: '02:00', day: 'tomorrow' },
    });
  });

  it('is open 24 h for shape B store24h and for eight days of 00:00-24:00', () => {
    const now = new Date('2026-11-25T03:00:00+02:00');
    expect(openStatus({ store24h: true, storeOpeningHours: [] }, HELSINKI, now)).toEqual({ kind: 'open24h' });
    expect(openStatus(shapeA(yesterday, week('00:00-24:00')), HELSINKI, now)).toEqual({ kind: 'open24h' });
    // Shape B with dated hours is read like shape A.
    const shapeB = {
      store24h: false,
      storeOpeningHours: shapeA(yesterday, week('06:00-22:00')).map((day) => ({
        date: day.date,
        hours: day.openHours.map((range) => ({ opens: range.startTime, closes: range.endTime })),
      })),
    };
    expect(openStatus(shapeB, HELSINKI, new Date('2026-11-25T21:00:00+02:00'))).toMatchObject({
      kind: 'open',
      closes: { time: '22:00', minutesLeft: 60 },
    });
  });

  it('is unknown for malformed data and for hours that do not reach today', () => {
    const now = new Date('2026-11-25T12:00:00+02:00');
    for (const value of [
      { openHours: '8-22' },
      'open every day',
      { store24h: 'yes', storeOpeningHours: null },
      [{ date: '2026-13-01', openHours: [{ startTime: '25:00:00', endTime: '22:00:00' }] }],
      undefined,
    ])
      expect(openStatus(value, HELSINKI, now)).toEqual({ kind: 'unknown' });
    // A page stored offline two weeks ago.
    expect(openStatus(shapeA('2026-11-08', week('06:00-22:00')), HELSINKI, now)).toEqual({ kind: 'unknown' });
  });

  describe('daylight-saving changes (EU 2026: 29 March and 25 October at 01:00 UTC)', () => {
    it('spring forward: the hour that does not exist is not counted', () => {
      // Helsinki jumps from 03:00 to 04:00 on Sunday 29 March; open 20:00-05:00.
      const hours = shapeA('2026-03-28', week('20:00-05:00'));
      const at = new Date('2026-03-29T02:30:00+02:00');
      // 02:30 to 05:00 on the wall is 2 h 30 min, but only 1 h 30 min really pass.
      expect(openStatus(hours, HELSINKI, at)).toMatchObject({
        kind: 'open',
        closes: { time: '05:00', minutesLeft: 90 },
      });
      // Stockholm jumps from 02:00 to 03:00: at 01:30 there, 05:00 is 2 h 30 min away.
      const stockholm = new Date('2026-03-29T01:30:00+01:00');
      expect(openStatus(hours, 'Europe/Stockholm', stockholm)).toMatchObject({
        kind: 'open',
        closes: { time: '05:00', minutesLeft: 150 },
      });
    });

    it('fall back: the repeated hour is counted, and wall-clock opening holds on both sides', () => {
      // Helsinki goes back from 04:00 to 03:00 on Sunday 25 October.
      const hours = shapeA('2026-10-24', week('06:00-22:00'));
      const beforeChange = new Date('2026-10-25T02:00:00+03:00');
      // 02:00 to 06:00 on the wall is 4 h, and 5 h really pass.
      expect(openStatus(hours, HELSINKI, beforeChange)).toMatchObject({
        kind: 'closed',
        opens: { time: '06:00', day: 'today', minutesLeft: 300 },
      });
      // 06:30 in winter time is open (06:30 in summer time would be 05:30 now).
      expect(openStatus(hours, HELSINKI, new Date('2026-10-25T06:30:00+02:00'))).toMatchObject({ kind: 'open' });
      expect(openStatus(hours, HELSINKI, new Date('2026-10-25T05:30:00+02:00'))).toMatchObject({ kind: 'closed' });
    });
  });
});
