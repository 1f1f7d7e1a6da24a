/**
 * The legacy redirect tables in content/redirects (spec §2) against the seed content: every
 * target of spec §2 has a rule, and every relative target is a live page or station.
 * (Moved from src/shared/redirects.test.ts: it reads server code, which src/shared may not.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readSeedPages } from '../../server/origin/content-files';
import { generateSeedStations } from '../../server/origin/stations/seed/stations-seed';
import { loadRedirectTables } from '../../server/site/redirect-tables';
import { LOCALES, slugToPath, STATION_PATH_SEGMENT, type Locale } from '#shared/locales';
import { isAbsoluteUrl, matchRedirect, type RedirectTable } from '#shared/redirects';

describe('the legacy redirect tables in content/redirects', () => {
  let tables: Map<Locale, RedirectTable>;
  /**
   * Live page paths per locale: every slug and alias, drafts included, 'landing' = '/',
   * and every seed station's page (the origin seeds the same deterministic stations).
   */
  const livePaths = new Map<Locale, Set<string>>(LOCALES.map((locale) => [locale, new Set<string>()]));

  beforeAll(async () => {
    tables = loadRedirectTables('content');
    for (const page of await readSeedPages('content')) {
      const paths = livePaths.get(page.locale);
      paths?.add(slugToPath(page.content.slug));
      for (const alias of page.aliases) paths?.add(slugToPath(alias));
    }
    const stations = await generateSeedStations('content');
    for (const locale of LOCALES)
      for (const station of stations) livePaths.get(locale)?.add(`/${STATION_PATH_SEGMENT[locale]}/${station.slug}`);
  });

  const table = (locale: Locale): RedirectTable => {
    const found = tables.get(locale);
    if (!found) throw new Error(`no table for ${locale}`);
    return found;
  };
  const targets = (locale: Locale): string[] => [
    ...table(locale).exact.values(),
    ...table(locale).prefixes.map(([, to]) => to),
  ];
  const sources = (locale: Locale, target: string): string[] =>
    [...table(locale).exact].filter(([, to]) => to === target).map(([from]) => from);

  it('has a table for every locale and at least 80 rules in total', () => {
    expect([...tables.keys()].sort()).toEqual([...LOCALES].sort());
    const total = [...tables.values()].reduce(
      (sum, t) => sum + t.exact.size + t.prefixes.length + t.patterns.length,
      0,
    );
    expect(total).toBeGreaterThanOrEqual(80);
  });

  it('covers the fi-FI categories of spec §2', () => {
    const fi = table('fi-FI');
    const categories: Array<{ name: string; target: string; examples: string[] }> = [
      {
        name: 'news, press, financial statements, stories',
        target: '/tietoa-meista',
        examples: ['/uutiset', '/tiedotteet', '/tilinpaatokset', '/tarinat', '/uutiset/vanha-uutinen'],
      },
      {
        name: 'customer service, feedback, forms',
        target: '/yksityisille/ota-yhteytta/asiakaspalvelu',
        examples: ['/asiakaspalvelu', '/palaute', '/lomakkeet'],
      },
      {
        name: 'business forms',
        target: '/yrityksille/b2b-ota-yhteytta',
        examples: ['/lomakkeet/yritysasiakkaan-yhteydenotto'],
      },
      {
        name: 'loyalty, cards, mobile payment',
        target: '/yksityisille/kanta-asiakkuus',
        examples: ['/kanta-asiakkaille', '/st1-kortti', '/mobiilimaksu'],
      },
      { name: 'products', target: '/yksityisille/tuotteet', examples: ['/tuotteet', '/tuotteet/bensiini'] },
    ];
    for (const category of categories) {
      const from = sources('fi-FI', category.target);
      expect(from.length, category.name).toBeGreaterThan(0);
      for (const source of from) expect(matchRedirect(fi, source), source).toBe(category.target);
      for (const example of category.examples) expect(matchRedirect(fi, example), example).toBe(category.target);
    }
  });

  it('sends every fi-FI station page under /asemahaku/ to /asemahaku', () => {
    const fi = table('fi-FI');
    for (const path of [
      '/asemahaku/helsinki-kamppi',
      '/asemahaku/st1-tampere/',
      '/ASEMAHAKU/Oulu',
      '/asemahaku/a/b/c',
    ]) {
      expect(matchRedirect(fi, path), path).toBe('/asemahaku');
    }
    expect(matchRedirect(fi, '/asemahaku')).toBeUndefined();
  });

  it('has a rule for each of the other fi-FI targets of spec §2', () => {
    const fiTargets = new Set(targets('fi-FI'));
    for (const target of [
      '/yrityksille',
      '/yrityksille/b2b',
      '/yrityksille/st1-business-kortti',
      '/yrityksille/energiatuotteet',
      '/yrityksille/business-palvelut',
      '/yksityisille/tietosuoja',
      '/yksityisille/tietosuojaseloste',
      '/yrityksille/tietosuojaseloste_yritysasiakkaille',
      '/kayttoturva-ja-tuotetiedotteet',
      '/vika-ja-hairiotiedotteet',
      '/tietoa-meista/st1-yrityksena/hiihtoliitto',
      '/tietoa-meista/ihmiset-ja-ura/avoimet-tyopaikat',
      '/yksityisille/tuotteet/sahkoauton-lataus',
      '/',
    ]) {
      expect(fiTargets.has(target), target).toBe(true);
    }
  });

  it('sends en-EU /en to an absolute external URL and /fi, /nb paths to external sites', () => {
    const en = table('en-EU');
    const root = matchRedirect(en, '/en');
    expect(root).toBeDefined();
    expect(isAbsoluteUrl(root ?? '')).toBe(true);
    expect(isAbsoluteUrl(matchRedirect(en, '/fi/yksityisille/tuotteet') ?? '')).toBe(true);
    expect(isAbsoluteUrl(matchRedirect(en, '/nb/privat') ?? '')).toBe(true);
  });

  /**
   * The targets spec §2 lists for en-EU, sv-SE and no-NO. `X/...` is X or a page below it;
   * `{slug}` and `{station-slug}` are any live page in that folder.
   */
  const SPEC_TARGETS: Record<Exclude<Locale, 'fi-FI'>, string[]> = {
    'en-EU': [
      '/about-us',
      '/about-us/news-and-media/company-and-press-releases',
      '/about-us/stories',
      '/about-us/sustainability',
      '/about-us/sustainability/energy-transition',
      '/about-us/sustainability/reporting',
      '/about-us/sustainability/climate-and-nature/carbon-sequestration',
      '/about-us/company-info',
      '/about-us/company-info/areas-of-operation',
      '/about-us/company-info/key-figures-and-ir',
      '/about-us/company-info/contact-us',
      '/about-us/people-and-careers/open-positions',
      '/private/privacy-policy',
      '/article/{slug}',
    ],
    'sv-SE': [
      '/privat',
      '/foretag',
      '/foretag/st1-business-tjanst/...',
      '/foretag/foretag-tjanster/...',
      '/om-oss',
      '/om-oss/nyheter-och-press',
      '/hitta-station',
      '/privat/produkter/...',
      '/allmanna-villkor',
      '/integritetspolicy',
    ],
    'no-NO': [
      '/privat',
      '/bedrift',
      '/bedrift/bedrift-drivstoffkort',
      '/om-oss',
      '/om-oss/stories',
      '/om-oss/baerekraft',
      '/privat/produkter',
      '/privat/produkter/bensin',
      '/privat/produkter/diesel',
      '/privat/produkter/lading',
      '/privat/tjenester',
      '/privat/tjenester/bilvask',
      '/privat/tjenester/kaffeavtale',
      '/privat/tjenester/mat-og-drikke',
      '/privat/app-og-tilbud',
      '/privat/kundeservice',
      '/finn-stasjon',
      '/stasjoner/{station-slug}',
      '/artikkel/{slug}',
    ],
  };

  for (const [locale, specTargets] of Object.entries(SPEC_TARGETS) as Array<[Locale, string[]]>) {
    it(`has a rule for each ${locale} target of spec §2, leading to a live page`, () => {
      const relative = targets(locale)
        .filter((to) => !isAbsoluteUrl(to))
        .map((to) => to.split(/[?#]/)[0] ?? to);
      const live = livePaths.get(locale) ?? new Set();
      for (const target of specTargets) {
        const folder = /^(.*)\/\{[a-z-]+\}$/.exec(target)?.[1];
        const below = target.endsWith('/...') ? target.slice(0, -'/...'.length) : undefined;
        const found = relative.filter((to) =>
          folder
            ? to.startsWith(`${folder}/`) && !to.slice(folder.length + 1).includes('/')
            : below
              ? to === below || to.startsWith(`${below}/`)
              : to === target,
        );
        expect(found.length, `${locale}: no rule leads to ${target}`).toBeGreaterThan(0);
        for (const to of found) expect(live.has(to), `${locale} ${target}: ${to} is not a live page`).toBe(true);
      }
    });
  }

  it('sends old no-NO and en-EU station and article addresses to the pages themselves', () => {
    // Exact rules beat the folder-wide prefix rules for the same old folders.
    expect(matchRedirect(table('no-NO'), '/stasjon/st1-oslo-sandviksveien')).toBe('/stasjoner/oslo-sandviksveien');
    expect(matchRedirect(table('no-NO'), '/stasjon/st1-hamar-ukjent')).toBe('/finn-stasjon');
    expect(matchRedirect(table('no-NO'), '/nyheter/biogass-pa-tolv-stasjoner')).toBe(
      '/artikkel/biogass-pa-tolv-stasjoner',
    );
    expect(matchRedirect(table('no-NO'), '/nyheter/noe-annet')).toBe('/om-oss/stories');
    expect(matchRedirect(table('en-EU'), '/news/new-wind-farm/')).toBe('/article/new-wind-farm-online');
    expect(matchRedirect(table('en-EU'), '/news/something-else')).toBe('/article');
  });

  it('sends e-mail-like and junk paths to the home page in every locale', () => {
    for (const locale of LOCALES) {
      expect(matchRedirect(table(locale), '/matti.meikalainen@example.com'), locale).toBe('/');
      expect(matchRedirect(table(locale), '/index.php'), locale).toBe('/');
      expect(matchRedirect(table(locale), '/wp-login.php'), locale).toBe('/');
    }
  });

  it('only has absolute targets over http(s) and relative targets that start with a single slash', () => {
    for (const locale of LOCALES) {
      for (const target of targets(locale)) {
        const ok =
          isAbsoluteUrl(target) || (target.startsWith('/') && !target.startsWith('//') && !target.includes('\\'));
        expect(ok, `${locale} ${target}`).toBe(true);
      }
    }
  });

  it('sends relative targets to live pages', () => {
    for (const locale of LOCALES) {
      const live = livePaths.get(locale) ?? new Set();
      for (const target of targets(locale).filter((to) => !isAbsoluteUrl(to))) {
        expect(live.has(target.split(/[?#]/)[0] ?? target), `${locale} ${target}`).toBe(true);
      }
    }
  });

  it('never redirects a live page slug or alias', () => {
    for (const locale of LOCALES) {
      const live = livePaths.get(locale) ?? new Set();
      expect(live.size, locale).toBeGreaterThan(5);
      for (const key of table(locale).exact.keys()) expect(live.has(key), `${locale} exact key ${key}`).toBe(false);
      for (const path of live) expect(matchRedirect(table(locale), path), `${locale} ${path}`).toBeUndefined();
    }
  });
});
