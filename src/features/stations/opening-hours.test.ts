import { describe, expect, it } from 'vitest';
import { formatRanges, formatTime, isOpen24h, open24hLabel, openingHoursTable, todaysHours } from './opening-hours';

const day = (date: string, ...ranges: Array<[string, string]>) => ({
  date,
  openHours: ranges.map(([startTime, endTime]) => ({ startTime, endTime })),
});
const dates = [
  '2026-11-21',
  '2026-11-22',
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
];
const TODAY = '2026-11-22'; // a Sunday

describe('times and ranges (spec §5)', () => {
  it('drops trailing :00 seconds only', () => {
    expect(formatTime('07:00:00')).toBe('07:00');
    expect(formatTime('07:30:15')).toBe('07:30:15');
    expect(formatTime('24:00:00')).toBe('24:00');
    expect(formatTime('25:00:00')).toBeNull();
    expect(formatTime(7)).toBeNull();
  });

  it("joins ranges 'start - end' with ', ' and gives '-' for none or malformed", () => {
    expect(
      formatRanges([
        { start: '07:00:00', end: '11:30:00' },
        { start: '12:30:00', end: '20:00:00' },
      ]),
    ).toBe('07:00 - 11:30, 12:30 - 20:00');
    expect(formatRanges([])).toBe('-');
    expect(formatRanges(null)).toBe('-');
    expect(formatRanges([{ start: '7', end: '20:00:00' }])).toBe('-');
  });
});

describe('open 24 h', () => {
  it('is exactly 8 daily entries all 00:00:00–24:00:00', () => {
    const all = dates.map((date) => day(date, ['00:00:00', '24:00:00']));
    expect(isOpen24h(all)).toBe(true);
    expect(isOpen24h(all.slice(1))).toBe(false);
    expect(isOpen24h([...all, day('2026-11-29', ['00:00:00', '24:00:00'])])).toBe(false);
    const oneShort = all.map((entry, index) => (index === 3 ? day(entry.date, ['00:00:00', '23:59:00']) : entry));
    expect(isOpen24h(oneShort)).toBe(false);
    const split = all.map((entry, index) =>
      index === 3 ? day(entry.date, ['00:00:00', '12:00:00'], ['12:00:00', '24:00:00']) : entry,
    );
    expect(isOpen24h(split)).toBe(false);
    expect(openingHoursTable(all, TODAY)).toEqual({ kind: 'open24h' });
    expect(todaysHours(all, TODAY)).toEqual({ id: 'open24h' });
  });

  it('with shape B store24h is a single open24h row', () => {
    expect(openingHoursTable({ store24h: true, storeOpeningHours: [] }, TODAY)).toEqual({ kind: 'open24h' });
  });
});

describe('the table (shape A)', () => {
  const week = dates.map((date, index) =>
    index === 4
      ? day(date)
      : index === 5
        ? day(date, ['07:00:00', '11:30:00'], ['12:30:00', '20:00:00'])
        : day(date, ['06:00:00', '22:00:00']),
  );

  it('lists only dates later than yesterday, labelled today, tomorrow, then weekday 1-7', () => {
    const table = openingHoursTable(week, TODAY);
    expect(table.kind).toBe('days');
    if (table.kind !== 'days') return;
    expect(table.rows.map((row) => row.date)).toEqual(dates.slice(1));
    expect(table.rows.map((row) => row.label.id)).toEqual([
      'day.today',
      'day.tomorrow',
      'day.2',
      'day.3',
      'day.4',
      'day.5',
      'day.6',
    ]);
    expect(table.rows.map((row) => row.text)).toEqual([
      '06:00 - 22:00',
      '06:00 - 22:00',
      '06:00 - 22:00',
      '-',
      '07:00 - 11:30, 12:30 - 20:00',
      '06:00 - 22:00',
      '06:00 - 22:00',
    ]);
  });

  it("shows '-' for a malformed day and keeps the others", () => {
    const broken = [...week];
    broken[2] = { date: dates[2]!, openHours: 'all day' as never };
    const table = openingHoursTable(broken, TODAY);
    if (table.kind !== 'days') throw new Error('expected days');
    expect(table.rows[1]!.text).toBe('-');
    expect(table.rows[0]!.text).toBe('06:00 - 22:00');
  });
});

describe('the table (shape B)', () => {
  it('reads opens/closes the same way', () => {
    const value = {
      store24h: false,
      storeOpeningHours: [
        { date: '2026-11-21', hours: [{ opens: '08:00:00', closes: '18:00:00' }] },
        { date: '2026-11-22', hours: [{ opens: '10:00:00', closes: '16:30:00' }] },
        { date: '2026-11-23', hours: [] },
      ],
    };
    const table = openingHoursTable(value, TODAY);
    if (table.kind !== 'days') throw new Error('expected days');
    expect(table.rows).toEqual([
      { date: '2026-11-22', label: { id: 'day.today' }, text: '10:00 - 16:30' },
      { date: '2026-11-23', label: { id: 'day.tomorrow' }, text: '-' },
    ]);
    expect(todaysHours(value, TODAY)).toBe('10:00 - 16:30');
  });
});

describe('malformed records', () => {
  it.each([[{ openHours: '8-22' }], ['open every day'], [null], [{ store24h: 'yes', storeOpeningHours: null }], [42]])(
    "give '-' (%j)",
    (value) => {
      expect(openingHoursTable(value, TODAY)).toEqual({
        kind: 'days',
        rows: [{ date: TODAY, label: { id: 'day.today' }, text: '-' }],
      });
      expect(todaysHours(value, TODAY)).toBe('-');
    },
  );
});

describe('the open24h label (spec §5)', () => {
  it("is the catalog's text, else 'Open 24h'", () => {
    expect(open24hLabel((id) => (id === 'open24h' ? 'Avoinna 24 h' : id))).toBe('Avoinna 24 h');
    // Lingui answers a missing message with its id.
    expect(open24hLabel((id) => id)).toBe('Open 24h');
    expect(open24hLabel(() => '')).toBe('Open 24h');
  });
});
