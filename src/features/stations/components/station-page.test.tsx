import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteContext } from '@/ui/site-context';
import { preloadCatalogs } from '@/i18n/catalogs';
import type { PageContent } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import { stationDetailsSchema } from '#shared/stations';
import { OpeningHoursTable } from './opening-hours-table';
import { StationPage } from './station-page';

let catalogs: Record<Locale, I18n>;
beforeAll(async () => {
  catalogs = await preloadCatalogs();
});

function page(features: Record<string, boolean> | undefined): PageContent {
  const station = stationDetailsSchema.parse({
    id: 'FI-0001',
    slug: 'hameenlinna-turuntie',
    name: 'St1 Hämeenlinna Turuntie',
    address: 'Turuntie 1',
    postalCode: '13100',
    city: 'Hämeenlinna',
    country: 'FI',
    lat: 61,
    lng: 24.46,
    services: ['95', 'carwash', 'lunch'],
    express: false,
    timeZone: 'Europe/Helsinki',
    phone: '+358 3 123 4567',
    email: 'hameenlinna@example.com',
    currency: 'EUR',
    openingHours: [],
    carwash: { programmes: [{ name: 'Basic wash', price: 9 }] },
    ...(features ? { features } : {}),
  });
  return {
    slug: 'asemat/hameenlinna-turuntie',
    title: station.name,
    description: '',
    contentType: 'stationPage',
    body: [],
    noIndex: false,
    station,
    lunchList: {
      title: 'Lunch this week',
      days: [{ date: '2026-11-23', dishes: [{ name: 'Pea soup', price: 9, diets: [] }] }],
    },
    foodMenu: { title: 'Our menu', sections: [{ title: 'Burgers', items: [{ name: 'Big burger', price: 12 }] }] },
  };
}

/** The station blocks of the rendered page, in document order. */
function blocks(locale: Locale, content: PageContent): string[] {
  const html = renderToString(
    <I18nProvider i18n={catalogs[locale]}>
      <SiteContext.Provider value={{ locale, basename: '' }}>
        <MemoryRouter>
          <StationPage page={content} body={null} />
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nProvider>,
  );
  return [...html.matchAll(/data-station-block="([^"]+)"/g)].map((match) => match[1]!);
}

describe('station page blocks by feature flag (spec §2, §4)', () => {
  it('with the default flags: no lunch list or food menu although the page has both; the car wash in fi-FI', () => {
    expect(blocks('fi-FI', page(undefined))).toEqual(['header', 'body', 'attributes', 'carwash', 'map']);
    expect(blocks('en-EU', page(undefined))).toEqual(['header', 'body', 'attributes', 'map']);
  });

  it('with every flag on: all blocks in the order of spec §4, the car wash still fi-FI only', () => {
    const all = { lunchList: true, foodMenu: true, carwash: true };
    expect(blocks('fi-FI', page(all))).toEqual([
      'header',
      'lunchList',
      'body',
      'attributes',
      'foodMenu',
      'carwash',
      'map',
    ]);
    expect(blocks('no-NO', page(all))).toEqual(['header', 'lunchList', 'body', 'attributes', 'foodMenu', 'map']);
  });

  it('with the car wash off: no car-wash block in fi-FI', () => {
    expect(blocks('fi-FI', page({ carwash: false }))).not.toContain('carwash');
  });
});

describe('the lunch list (diet labels belong to each dish)', () => {
  it("prints each dish's diet labels and says what the labels it uses mean", () => {
    const content = page({ lunchList: true });
    content.lunchList = {
      title: 'Lunch this week',
      days: [
        {
          date: '2026-11-23',
          dishes: [
            { name: 'Lihakeitto', price: 11.9, diets: ['L', 'G'] },
            { name: 'Kasvislasagne', price: 11.9, diets: ['L', 'VEG'] },
          ],
        },
      ],
    };
    const html = renderToString(
      <I18nProvider i18n={catalogs['fi-FI']}>
        <SiteContext.Provider value={{ locale: 'fi-FI', basename: '' }}>
          <MemoryRouter>
            <StationPage page={content} body={null} />
          </MemoryRouter>
        </SiteContext.Provider>
      </I18nProvider>,
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('Lihakeitto (L, G) — 11,90 €');
    expect(html).toContain('Kasvislasagne (L, VEG) — 11,90 €');
    expect(html).toContain('L = laktoositon, G = gluteeniton, VEG = kasvisruoka');
    expect(html).not.toContain('M = ');
  });
});

describe("today's lunch", () => {
  const render = (content: PageContent) =>
    renderToString(
      <I18nProvider i18n={catalogs['en-EU']}>
        <SiteContext.Provider value={{ locale: 'en-EU', basename: '' }}>
          <MemoryRouter>
            <StationPage page={content} body={null} />
          </MemoryRouter>
        </SiteContext.Provider>
      </I18nProvider>,
    ).replace(/<!-- -->/g, '');

  it('prices each dish on its own, not the first price for the day', () => {
    const content = page(undefined);
    content.station!.lunch = {
      title: 'Salmon soup',
      text: 'Pytt i panna (hash)',
      price: 13.9,
      dishes: [
        { name: 'Salmon soup', price: 13.9, diets: ['L', 'G'] },
        { name: 'Pytt i panna (hash)', price: 10.9, diets: [] },
      ],
    };
    const html = render(content);
    expect(html).toContain('Salmon soup</strong> (L, G) — €13.90');
    expect(html).toContain('Pytt i panna (hash)</strong> — €10.90');
    expect(html).not.toContain('Salmon soup, Pytt');
  });

  it('shows a stored payload from before the dish list as it came (title, text, price)', () => {
    const content = page(undefined);
    content.station!.lunch = { title: 'Salmon soup', text: 'Pea soup', price: 13.9 };
    expect(render(content)).toContain('Salmon soup</strong>, Pea soup — €13.90');
  });
});

describe('the open24h row (spec §5)', () => {
  const allDay = { store24h: true, storeOpeningHours: [] };
  const row = (i18n: I18n) =>
    renderToString(
      <I18nProvider i18n={i18n}>
        <OpeningHoursTable hours={allDay} today="2026-11-22" caption="Hours" />
      </I18nProvider>,
    ).match(/<td colSpan="2">([^<]*)<\/td>/)?.[1];

  it("shows the locale's text, and 'Open 24h' when the catalog lacks it", () => {
    expect(row(catalogs['fi-FI'])).toBe('Avoinna 24 h');
    expect(row(setupI18n({ locale: 'fi-FI', messages: { 'fi-FI': {} } }))).toBe('Open 24h');
  });
});

describe('fuel prices on the station page', () => {
  it('names the price table by its heading once, not by a second hidden caption (issue 30 #16)', () => {
    const content = page(undefined);
    content.station!.prices = [{ grade: '95', price: 1.899, setAt: '2026-11-22T06:00:00.000Z' }];
    const html = renderToString(
      <I18nProvider i18n={catalogs['en-EU']}>
        <SiteContext.Provider value={{ locale: 'en-EU', basename: '' }}>
          <MemoryRouter>
            <StationPage page={content} body={null} />
          </MemoryRouter>
        </SiteContext.Provider>
      </I18nProvider>,
    );
    const title = catalogs['en-EU']._('stations.prices.title');
    expect(html.split(`>${title}<`).length - 1).toBe(1);
    expect(html).not.toMatch(/<caption[^>]*>[^<]*Fuel prices/);
    const headingId = new RegExp(`<h2 id="([^"]+)">${title}</h2>`).exec(html)?.[1];
    expect(headingId).toBeDefined();
    expect(html).toContain(`<table class="station-prices" aria-labelledby="${headingId}">`);
  });
});
