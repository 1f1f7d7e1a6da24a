import { LOCALE_INFO, type Locale } from '#shared/locales';

/**
 * A CMS date ('2026-03-14' or an ISO timestamp) as a long date in the locale's language,
 * e.g. '14. maaliskuuta 2026'. A plain date is a calendar day, not an instant, so it is
 * printed as is (UTC); an invalid value comes back unchanged.
 */
export function formatCmsDate(value: string, locale: Locale): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  // The locale table's format and zone, so that server and browser print the same day.
  const { formatLocale, timeZone } = LOCALE_INFO[locale];
  return new Intl.DateTimeFormat(formatLocale, {
    dateStyle: 'long',
    timeZone: dateOnly ? 'UTC' : timeZone,
  }).format(date);
}
