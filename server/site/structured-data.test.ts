import { describe, expect, it } from 'vitest';
import type { Layout, Page } from '#shared/content-schema';
import { stationDetailsSchema } from '#shared/stations';
import { createSiteUrls } from './site-urls';
import { openingHoursSpecification, structuredData } from './structured-data';

const urls = createSiteUrls(
  {
    port: 3000,
    publicUrl: 'https://st1.example',
    localeDomains: new Map(),
    domainOfLocale: new Map(),
    siteHosts: new Set(),
  },
  { protocol: 'https', hostname: 'st1.example', host: 'st1.example' },
);

describe('openingHoursSpecification', () => {
  it('turns shape A into one specification per date and range, closed days as 00:00–00:00', () => {
    expect(
      openingHoursSpecification([
        { date: '2026-11-23', openHours: [{ startTime: '07:00:00', endTime: '22:00:00' }] },
        { date: '2026-11-24', openHours: [] },
        { date: '2026-11-25', openHours: [{ startTime: '00:00:00', endTime: '24:00:00' }] },
      ]),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Monday',
        opens: '07:00',
        closes: '22:00',
        validFrom: '2026-11-23',
        validThrough: '2026-11-23',
      },
      expect.objectContaining({ dayOfWeek: 'https://schema.org/Tuesday', opens: '00:00', closes: '00:00' }),
      expect.objectContaining({ dayOfWeek: 'https://schema.org/Wednesday', opens: '00:00', closes: '23:59' }),
    ]);
  });

  it('turns shape B into the same, and store24h into every day all day', () => {
    expect(
      openingHoursSpecification({
        store24h: false,
        storeOpeningHours: [{ date: '2026-11-29', hours: [{ opens: '09:00', closes: '18:00' }] }],
      }),
    ).toEqual([expect.objectContaining({ dayOfWeek: 'https://schema.org/Sunday', opens: '09:00', closes: '18:00' })]);
    const always = openingHoursSpecification({ store24h: true, storeOpeningHours: [] });
    expect(always).toEqual([expect.objectContaining({ opens: '00:00', closes: '23:59' })]);
    expect(always[0]!.dayOfWeek).toHaveLength(7);
  });

  it('gives nothing for malformed data', () => {
    expect(openingHoursSpecification('always')).toEqual([]);
    expect(openingHoursSpecification([{ date: 'monday', openHours: [{ startTime: '7', endTime: 'x' }] }])).toEqual([]);
    expect(openingHoursSpecification(null)).toEqual([]);
  });
});

const layout = {
  navigation: [
    {
      id: 'b',
      url: '/foretag',
      text: 'Företag',
      visibleInNavigation: true,
      children: [],
    },
  ],
  someLinks: [
    { kind: 'facebook', title: 'Facebook', url: 'https://www.facebook.com/st1' },
    { kind: 'x', title: 'X' },
  ],
} as unknown as Layout;

function page(slug: string, extra: Record<string, unknown> = {}): Page {
  return {
    localizedPagePaths: {},
    content: {
      slug,
      title: 'Tjänster',
      description: '',
      contentType: 'standardPage',
      body: [],
      noIndex: false,
      ...extra,
    },
  } as unknown as Page;
}

describe('structuredData', () => {
  it('describes the organisation on the landing page, with its social profiles', () => {
    expect(structuredData({ page: page('landing'), layout, locale: 'sv-SE', urls, homeName: 'Startsida' })).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'St1',
        url: 'https://st1.example/sv-SE',
        logo: 'https://st1.example/icons/icon-512.png',
        sameAs: ['https://www.facebook.com/st1'],
      },
    ]);
  });

  it('gives breadcrumbs through the folders the navigation names, and none for noIndex pages', () => {
    const [breadcrumbs] = structuredData({
      page: page('foretag/st1-business-tjanst/tjanster'),
      layout,
      locale: 'sv-SE',
      urls,
      homeName: 'Startsida',
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Startsida', item: 'https://st1.example/sv-SE' },
        { position: 2, name: 'Företag', item: 'https://st1.example/sv-SE/foretag' },
        { position: 3, name: 'Tjänster', item: 'https://st1.example/sv-SE/foretag/st1-business-tjanst/tjanster' },
      ],
    });
    expect(
      structuredData({ page: page('dold', { noIndex: true }), layout, locale: 'sv-SE', urls, homeName: 'Startsida' }),
    ).toEqual([]);
  });

  it('describes a station page as a GasStation', () => {
    const station = stationDetailsSchema.parse({
      id: 'SE-1',
      slug: 'goteborg-hisingen',
      name: 'St1 Göteborg Hisingen',
      address: 'Hisingsgatan 1',
      postalCode: '41705',
      city: 'Göteborg',
      country: 'SE',
      lat: 57.72,
      lng: 11.94,
      services: [],
      express: false,
      timeZone: 'Europe/Stockholm',
      phone: '+46 31 123 45',
      email: 'hisingen@example.se',
      currency: 'SEK',
      openingHours: [{ date: '2026-11-23', openHours: [{ startTime: '06:00:00', endTime: '22:00:00' }] }],
    });
    const data = structuredData({
      page: page('stationer/goteborg-hisingen', { contentType: 'stationPage', station }),
      layout,
      locale: 'sv-SE',
      urls,
      homeName: 'Startsida',
      locatorName: 'Hitta station',
    });
    expect(data[0]).toMatchObject({
      '@type': 'GasStation',
      name: 'St1 Göteborg Hisingen',
      url: 'https://st1.example/sv-SE/stationer/goteborg-hisingen',
      address: {
        streetAddress: 'Hisingsgatan 1',
        postalCode: '41705',
        addressLocality: 'Göteborg',
        addressCountry: 'SE',
      },
      geo: { latitude: 57.72, longitude: 11.94 },
      telephone: '+46 31 123 45',
      openingHoursSpecification: [expect.objectContaining({ opens: '06:00', closes: '22:00' })],
    });
    // Home › Station locator › station: through the locator, not the /stationer folder.
    expect(data[1]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Startsida', item: 'https://st1.example/sv-SE' },
        { position: 2, name: 'Hitta station', item: 'https://st1.example/sv-SE/hitta-station' },
        // The page's title (the fixture's, 'Tjänster').
        { position: 3, name: 'Tjänster', item: 'https://st1.example/sv-SE/stationer/goteborg-hisingen' },
      ],
    });
    expect(data[1]!.itemListElement).toHaveLength(3);
  });
});
