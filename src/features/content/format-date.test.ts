import { describe, expect, it } from 'vitest';
import { formatCmsDate } from './format-date';

describe('formatCmsDate', () => {
  it('prints a plain date as that calendar day in each language', () => {
    expect(formatCmsDate('2026-03-14', 'fi-FI')).toBe('14. maaliskuuta 2026');
    expect(formatCmsDate('2026-03-14', 'en-EU')).toMatch(/14 March 2026|March 14, 2026/);
    expect(formatCmsDate('2026-03-14', 'sv-SE')).toBe('14 mars 2026');
    expect(formatCmsDate('2026-03-14', 'no-NO')).toBe('14. mars 2026');
  });

  it("reads a timestamp in the locale's time zone", () => {
    // 22:30 UTC on 14 March is already 15 March in Helsinki (UTC+2).
    expect(formatCmsDate('2026-03-14T22:30:00Z', 'fi-FI')).toBe('15. maaliskuuta 2026');
    // en-EU reads the locale table's zone (its country's, Helsinki), as the server does.
    expect(formatCmsDate('2026-03-14T22:30:00Z', 'en-EU')).toBe('15 March 2026');
    // no-NO reads Oslo (UTC+1): 22:30 UTC is still 14 March there, 23:30 UTC is not.
    expect(formatCmsDate('2026-03-14T22:30:00Z', 'no-NO')).toBe('14. mars 2026');
    expect(formatCmsDate('2026-03-14T23:30:00Z', 'no-NO')).toBe('15. mars 2026');
  });

  it('returns an invalid date unchanged', () => {
    expect(formatCmsDate('soon', 'fi-FI')).toBe('soon');
  });
});
