import { describe, expect, it } from 'vitest';
import { cmsDatesOf, formatCmsDate } from './cms-date';
import { pageSchema } from './content-schema';

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

describe('cmsDatesOf', () => {
  const page = (content: Record<string, unknown>) =>
    pageSchema.parse({ localizedPagePaths: {}, content: { slug: 'a', title: 'A', ...content } });

  it("prints an article's date and its lists' dates once each, keyed by the CMS value", () => {
    const item = (created: string) => ({ title: created, path: `/${created}`, created, excerpt: '' });
    const dates = cmsDatesOf(
      page({
        created: '2026-03-14',
        body: [
          { type: 'article', lead: 'Lead' },
          { type: 'articleList', items: [item('2026-03-14'), item('2026-10-01T08:00:00Z')] },
        ],
      }),
      'fi-FI',
    );
    expect(dates).toEqual({ '2026-03-14': '14. maaliskuuta 2026', '2026-10-01T08:00:00Z': '1. lokakuuta 2026' });
  });

  it('is undefined for a page that shows no date', () => {
    expect(cmsDatesOf(page({ body: [{ type: 'richText', html: '<p>x</p>' }] }), 'fi-FI')).toBeUndefined();
  });
});
