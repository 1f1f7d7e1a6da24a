/**
 * One wording per state (issue 30 #14): the locator's list and the station page say "open"
 * with the same word, so a driver never wonders whether "Avoinna" and "Auki" differ.
 */
import type { I18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadCatalogs } from '@/i18n/catalogs';
import type { Locale } from '#shared/locales';

let catalogs: Record<Locale, I18n>;
beforeAll(async () => {
  catalogs = await preloadCatalogs();
});

describe('the word for open', () => {
  it.each([
    ['fi-FI', 'Avoinna'],
    ['en-EU', 'Open'],
    ['sv-SE', 'Öppet'],
    ['no-NO', 'Åpent'],
  ] as const)('%s says %s in the list, the page and the open-now filter alike', (locale, word) => {
    const text = (id: string, values?: Record<string, unknown>) => catalogs[locale]._(id, values);
    expect(text('stations.status.open')).toBe(word);
    expect(text('stations.openStatus.closes', { time: '22:00' }).startsWith(`${word} `)).toBe(true);
    expect(text('stations.openStatus.closesOn', { time: '22:00', day: 'x' }).startsWith(`${word} `)).toBe(true);
    expect(text('stations.openStatus.label').startsWith(`${word} `)).toBe(true);
  });
});
