import { beforeAll, describe, expect, it } from 'vitest';
import { readSeedPages } from '../../server/origin/content-files';
import { generateSeedStations } from '../../server/origin/repositories/stations-seed';
import { loadRedirectTables } from '../../server/site/redirect-tables';
import { LOCALES, slugToPath, STATION_PATH_SEGMENT, type Locale } from './locales';
import {
  compileRedirectTable,
  isAbsoluteUrl,
  matchRedirect,
  normalizeLegacyPath,
  withQuery,
  type RedirectTable,
} from './redirects';

const EMAIL_AND_JUNK = [
  { name: 'email-like', regex: '^/(?:[^/]*/)*[^/]*@', to: '/' },
  { name: 'junk', regex: '\\.(?:php\\d?|asp|aspx)$|^/(?:wp-admin|wp-login|cgi-bin)(?:[/.]|$)', to: '/home' },
];

describe('compileRedirectTable / matchRedirect', () => {
  const table = compileRedirectTable({
    exact: { '/Uutiset': '/tietoa-meista', '/a/b/': '/exact-ab', '/käyttöturva': '/kayttoturva-ja-tuotetiedotteet' },
    prefix: { '/asemahaku/': '/asemahaku', '/a/': '/short', '/a/b/c/': '/long' },
    patterns: EMAIL_AND_JUNK,
  });

  it('matches exact paths', () => {
    expect(matchRedirect(table, '/uutiset')).toBe('/tietoa-meista');
    expect(matchRedirect(table, '/käyttöturva')).toBe('/kayttoturva-ja-tuotetiedotteet');
  });

  it('ignores letter case on both sides', () => {
    expect(matchRedirect(table, '/UUTISET')).toBe('/tietoa-meista');
    expect(matchRedirect(table, '/KÄYTTÖTURVA')).toBe('/kayttoturva-ja-tuotetiedotteet');
    expect(matchRedirect(table, '/AsemaHaku/Helsinki')).toBe('/asemahaku');
  });

  it('ignores a trailing slash on both sides', () => {
    expect(matchRedirect(table, '/uutiset/')).toBe('/tietoa-meista');
    expect(matchRedirect(table, '/uutiset//')).toBe('/tietoa-meista');
    expect(matchRedirect(table, '/a/b')).toBe('/exact-ab');
  });

  it('lets an exact rule win over a prefix rule', () => {
    expect(matchRedirect(table, '/a/b/')).toBe('/exact-ab');
  });

  it('lets the longest prefix win', () => {
    expect(matchRedirect(table, '/a/b/c/d')).toBe('/long');
    expect(matchRedirect(table, '/a/b/c/d/e')).toBe('/long');
    expect(matchRedirect(table, '/a/x')).toBe('/short');
    expect(matchRedirect(table, '/a/b/x')).toBe('/short');
    expect(matchRedirect(table, '/asemahaku/helsinki-keskusta')).toBe('/asemahaku');
    expect(matchRedirect(table, '/asemahaku/a/b/c')).toBe('/asemahaku');
  });

  it('does not apply a prefix rule to the prefix itself or to a longer first segment', () => {
    // '/asemahaku' is the live station locator: the '/asemahaku/' rule must not loop it.
    expect(matchRedirect(table, '/asemahaku')).toBeUndefined();
    expect(matchRedirect(table, '/asemahaku/')).toBeUndefined();
    expect(matchRedirect(table, '/asemahakuX')).toBeUndefined();
    expect(matchRedirect(table, '/asemahaku-vanha/x')).toBeUndefined();
    expect(matchRedirect(table, '/a')).toBeUndefined();
  });

  it('sends e-mail-like paths through the pattern rules', () => {
    expect(matchRedirect(table, '/matti.meikalainen@example.com')).toBe('/');
    expect(matchRedirect(table, '/yhteystiedot/asiakaspalvelu@st1.fi')).toBe('/');
    expect(matchRedirect(table, '/mailto:x@y')).toBe('/');
  });

  it('sends junk paths through the pattern rules', () => {
    expect(matchRedirect(table, '/index.php')).toBe('/home');
    expect(matchRedirect(table, '/old/page.ASPX')).toBe('/home');
    expect(matchRedirect(table, '/wp-admin')).toBe('/home');
    expect(matchRedirect(table, '/wp-login.php')).toBe('/home');
    expect(matchRedirect(table, '/cgi-bin/test')).toBe('/home');
    expect(matchRedirect(table, '/wp-administrator')).toBeUndefined();
    expect(matchRedirect(table, '/php-opas')).toBeUndefined();
  });

  it('gives undefined when no rule matches', () => {
    expect(matchRedirect(table, '/yrityksille')).toBeUndefined();
    expect(matchRedirect(table, '/')).toBeUndefined();
    expect(matchRedirect(compileRedirectTable({ exact: {}, prefix: {}, patterns: [] }), '/uutiset')).toBeUndefined();
  });

  it('normalizes legacy paths', () => {
    expect(normalizeLegacyPath('/Uutiset/')).toBe('/uutiset');
    expect(normalizeLegacyPath('/')).toBe('/');
    expect(normalizeLegacyPath('//')).toBe('/');
  });
});

describe('prefix keys in upper case', () => {
  it('match like lower-case ones, since request paths are lower-cased', () => {
    const table = compileRedirectTable({ exact: {}, prefix: { '/Asemahaku/': '/asemahaku' }, patterns: [] });
    expect(matchRedirect(table, '/asemahaku/helsinki')).toBe('/asemahaku');
  });
});

describe('withQuery', () => {
  it('keeps the original query string', () => {
    expect(withQuery('/tietoa-meista', '?utm_source=news&x=1')).toBe('/tietoa-meista?utm_source=news&x=1');
    expect(withQuery('/tietoa-meista', 'x=1')).toBe('/tietoa-meista?x=1');
    expect(withQuery('https://www.st1.com/', '?x=1')).toBe('https://www.st1.com/?x=1');
  });

  it('leaves the target alone without a query', () => {
    expect(withQuery('/tietoa-meista', '')).toBe('/tietoa-meista');
    expect(withQuery('/tietoa-meista', '?')).toBe('/tietoa-meista');
  });

  it("joins with '&' when the target has its own query", () => {
    expect(withQuery('/yksityisille/ota-yhteytta/asiakaspalvelu?service=MAIN', '?x=1')).toBe(
      '/yksityisille/ota-yhteytta/asiakaspalvelu?service=MAIN&x=1',
    );
  });

  it('keeps the hash of the target at the end', () => {
    expect(withQuery('/tietoa-meista#uutiset', '?x=1')).toBe('/tietoa-meista?x=1#uutiset');
    expect(withQuery('/a?service=MAIN#top', '?x=1')).toBe('/a?service=MAIN&x=1#top');
    expect(withQuery('/a#top', '')).toBe('/a#top');
  });
});

describe('isAbsoluteUrl', () => {
  it('is true for http and https URLs only', () => {
    expect(isAbsoluteUrl('https://www.st1.com/')).toBe(true);
    expect(isAbsoluteUrl('HTTP://www.st1.fi')).toBe(true);
    expect(isAbsoluteUrl('/tietoa-meista')).toBe(false);
    expect(isAbsoluteUrl('//evil.example')).toBe(false);
    expect(isAbsoluteUrl('javascript:alert(1)')).toBe(false);
    expect(isAbsoluteUrl('mailto:a@b.c')).toBe(false);
    expect(isAbsoluteUrl('https:evil')).toBe(false);
  });
});

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
