import type { Locale } from '../../shared/locales';

/** Where dates of each locale are read, so that server and browser print the same day. */
const TIME_ZONES: Record<Locale, string> = {
  'fi-FI': 'Europe/Helsinki',
  'en-EU': 'Europe/Brussels',
  'sv-SE': 'Europe/Stockholm',
  'no-NO': 'Europe/Oslo',
};

/**
 * A CMS date ('2026-03-14' or an ISO timestamp) as a long date in the locale's language,
 * e.g. '14. maaliskuuta 2026'. A plain date is a calendar day, not an instant, so it is
 * printed as is (UTC); an invalid value comes back unchanged.
 */
export function formatCmsDate(value: string, locale: Locale): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeZone: dateOnly ? 'UTC' : TIME_ZONES[locale],
  }).format(date);
}
