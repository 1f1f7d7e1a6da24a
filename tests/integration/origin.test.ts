import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSchema, pageSchema, pageViewSchema, searchResultSchema } from '#shared/content-schema';
import { readErrorBody } from '#shared/api/errors';
import { LOCALES } from '#shared/locales';
import type { Db } from '../../server/origin/db';
import { seedIfEmpty } from '../../server/origin/seed';
import { startSeededOrigin, type SeededOrigin } from './support/seeded-origin';

let origin: SeededOrigin;
let db: Db;
let app: FastifyInstance;
let seeded: { seeded: boolean; pages: number };

// This file checks the seed itself, so it seeds an empty database (the other files copy
// the run's seeded template): the whole content/ import, slower than a hook's default 10 s
// on a busy 2-core machine.
beforeAll(async () => {
  origin = await startSeededOrigin('origin', { fromEmpty: true });
  ({ db, app, seeded } = origin);
}, 60_000);

afterAll(() => origin?.close());

function getPage(path: string | undefined, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url: '/cms-view/v1/content/page',
    query: path === undefined ? {} : { path },
    headers,
  });
}

function expectApiError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = readErrorBody(response.json());
  expect(body.status).toBe(status);
  expect(body.code).toMatch(/^[A-Z_]+$/);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('origin: seed', () => {
  it('seeded the empty database from content/', () => {
    expect(seeded.seeded).toBe(true);
    expect(seeded.pages).toBeGreaterThan(50);
  });

  it('seeds nothing the second time', async () => {
    const before = await db.selectFrom('pages').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const again = await seedIfEmpty(db, 'content');
    expect(again.seeded).toBe(false);
    expect(again.pages).toBe(Number(before.n));
    const after = await db.selectFrom('pages').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('origin: layout', () => {
  it.each(LOCALES)('answers the %s layout with navigation', async (locale) => {
    const response = await app.inject({
      method: 'GET',
      url: '/cms-view/v1/content/layout',
      headers: { 'x-st1-locale': locale },
    });
    expect(response.statusCode).toBe(200);
    const layout = layoutSchema.parse(response.json());
    expect(layout.navigation.length).toBeGreaterThan(0);
    const expected = layoutSchema.parse(JSON.parse(readFileSync(`content/layout/${locale}.json`, 'utf8')));
    expect(layout.navigation.map((item) => item.id)).toEqual(expected.navigation.map((item) => item.id));
  });

  it('defaults to fi-FI without x-st1-locale', async () => {
    const response = await app.inject({ method: 'GET', url: '/cms-view/v1/content/layout' });
    expect(response.statusCode).toBe(200);
    const fi = JSON.parse(readFileSync('content/layout/fi-FI.json', 'utf8')) as { navigation: Array<{ id: string }> };
    expect(layoutSchema.parse(response.json()).navigation[0]?.id).toBe(fi.navigation[0]?.id);
  });

  it('rejects an unknown locale with 400', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/cms-view/v1/content/layout',
      headers: { 'x-st1-locale': 'de-DE' },
    });
    expectApiError(response, 400);
  });
});

describe('origin: page', () => {
  it("answers '/' with the landing page", async () => {
    const response = await getPage('/');
    expect(response.statusCode).toBe(200);
    const page = pageSchema.parse(response.json());
    expect(page.content.slug).toBe('landing');
    expect(page.localizedPagePaths).toMatchObject({ 'fi-FI': '/', 'en-EU': '/', 'sv-SE': '/', 'no-NO': '/' });
  });

  it('answers a page by path, with and without the leading slash', async () => {
    for (const path of ['/yrityksille', 'yrityksille']) {
      const response = await getPage(path);
      expect(response.statusCode).toBe(200);
      expect(pageSchema.parse(response.json()).content.slug).toBe('yrityksille');
    }
  });

  it('links the siblings in every locale through localizedPagePaths', async () => {
    const page = pageSchema.parse((await getPage('/yrityksille')).json());
    expect(page.localizedPagePaths).toEqual({
      'fi-FI': '/yrityksille',
      'en-EU': '/company',
      'sv-SE': '/foretag',
      'no-NO': '/bedrift',
    });
    const en = pageSchema.parse((await getPage('/company', { 'x-st1-locale': 'en-EU' })).json());
    expect(en.content.slug).toBe('company');
    expect(en.localizedPagePaths['fi-FI']).toBe('/yrityksille');
  });

  it("serves the Norwegian business page under the 'befrift' alias", async () => {
    const response = await getPage('/befrift', { 'x-st1-locale': 'no-NO' });
    expect(response.statusCode).toBe(200);
    const page = pageSchema.parse(response.json());
    expect(page.content.slug).toBe('bedrift');
    expect(page.localizedPagePaths['no-NO']).toBe('/bedrift');
    // The alias belongs to no-NO only.
    expectApiError(await getPage('/befrift', { 'x-st1-locale': 'fi-FI' }), 404);
  });

  it('answers an unknown page with a 404 JSON error', async () => {
    const body = expectApiError(await getPage('/ei-tallaista-sivua'), 404);
    expect(body.code).toBe('NOT_FOUND');
    // A page of another locale is not found either.
    expectApiError(await getPage('/company', { 'x-st1-locale': 'fi-FI' }), 404);
  });

  it('serves the draft kampanja-2027 only with x-st1-preview', async () => {
    expectApiError(await getPage('/kampanja-2027'), 404);
    expectApiError(await getPage('/kampanja-2027', { 'x-st1-preview': 'false' }), 404);
    const preview = await getPage('/kampanja-2027', { 'x-st1-preview': 'true' });
    expect(preview.statusCode).toBe(200);
    const page = pageSchema.parse(preview.json());
    expect(page.content.slug).toBe('kampanja-2027');
    expect(page.localizedPagePaths['fi-FI']).toBe('/kampanja-2027');
  });

  it('rejects an unknown x-st1-locale with 400', async () => {
    expectApiError(await getPage('/', { 'x-st1-locale': 'de-DE' }), 400);
    expectApiError(await getPage('/', { 'x-st1-locale': 'fi-fi' }), 400);
  });

  it('rejects an invalid path with 400', async () => {
    for (const path of ['/a b!', '/../etc/passwd', '/a//b', `/${'a'.repeat(200)}`]) {
      expectApiError(await getPage(path), 400);
    }
  });

  it('rejects a missing or empty path with 400', async () => {
    expectApiError(await getPage(undefined), 400);
    expectApiError(await getPage(''), 400);
  });
});

describe('origin: page view (page and layout in one answer)', () => {
  function getView(query: Record<string, string>, headers: Record<string, string> = {}) {
    return app.inject({ method: 'GET', url: '/cms-view/v1/content/view', query, headers });
  }

  it('answers the page and the layout with its version, and leaves the layout out for a current version', async () => {
    const first = await getView({ path: '/yrityksille' });
    expect(first.statusCode, first.body).toBe(200);
    const view = pageViewSchema.parse(first.json());
    expect(view.page?.content.slug).toBe('yrityksille');
    expect(view.page?.localizedPagePaths['en-EU']).toBe('/company');
    const layout = (await app.inject({ url: '/cms-view/v1/content/layout' })).json();
    expect(view.layout.value).toEqual(layoutSchema.parse(layout));
    const again = pageViewSchema.parse(
      (await getView({ path: '/yrityksille', layoutVersion: view.layout.version })).json(),
    );
    expect(again.layout).toEqual({ version: view.layout.version });
    expect(again.page).toEqual(view.page);
    // An outdated version gets the layout.
    const outdated = pageViewSchema.parse((await getView({ path: '/', layoutVersion: 'old' })).json());
    expect(outdated.layout.value).toEqual(view.layout.value);
  });

  it("gives each locale's layout its own version, and a new version when the layout changes", async () => {
    const fi = pageViewSchema.parse((await getView({})).json());
    const en = pageViewSchema.parse((await getView({}, { 'x-st1-locale': 'en-EU' })).json());
    expect(fi.page).toBeNull();
    expect(en.layout.version).not.toBe(fi.layout.version);
    const stored = await db
      .selectFrom('layouts')
      .select('layout_json')
      .where('locale', '=', 'sv-SE')
      .executeTakeFirstOrThrow();
    const before = pageViewSchema.parse((await getView({}, { 'x-st1-locale': 'sv-SE' })).json());
    const changed = { ...JSON.parse(stored.layout_json), downloadLinks: [] };
    await db
      .updateTable('layouts')
      .set({ layout_json: JSON.stringify(changed) })
      .where('locale', '=', 'sv-SE')
      .execute();
    try {
      const after = pageViewSchema.parse((await getView({}, { 'x-st1-locale': 'sv-SE' })).json());
      expect(after.layout.version).not.toBe(before.layout.version);
      expect(after.layout.value?.downloadLinks).toEqual([]);
    } finally {
      await db.updateTable('layouts').set({ layout_json: stored.layout_json }).where('locale', '=', 'sv-SE').execute();
    }
    const restored = pageViewSchema.parse((await getView({}, { 'x-st1-locale': 'sv-SE' })).json());
    expect(restored.layout.version).toBe(before.layout.version);
  });

  it('answers an unknown page as none, a draft only with x-st1-preview, and refuses bad paths and locales', async () => {
    expect(pageViewSchema.parse((await getView({ path: '/ei-tallaista-sivua' })).json()).page).toBeNull();
    expect(pageViewSchema.parse((await getView({ path: '/kampanja-2027' })).json()).page).toBeNull();
    const draft = pageViewSchema.parse((await getView({ path: '/kampanja-2027' }, { 'x-st1-preview': 'true' })).json());
    expect(draft.page?.content.slug).toBe('kampanja-2027');
    expectApiError(await getView({ path: '/../etc/passwd' }), 400);
    expectApiError(await getView({ path: '' }), 400);
    expectApiError(await getView({ layoutVersion: 'x'.repeat(101) }), 400);
    expectApiError(await getView({ path: '/' }, { 'x-st1-locale': 'de-DE' }), 400);
  });

  it('checks a stored page again when its stored text changes', async () => {
    const row = await db
      .selectFrom('pages')
      .select('content_json')
      .where('locale', '=', 'fi-FI')
      .where('slug', '=', 'kayttoehdot')
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    expect((await getPage('/kayttoehdot')).statusCode).toBe(200);
    const where = (query: ReturnType<typeof db.updateTable<'pages'>>) =>
      query.where('locale', '=', 'fi-FI').where('slug', '=', 'kayttoehdot').where('status', '=', 'published');
    await where(db.updateTable('pages').set({ content_json: '{"slug": 5}' })).execute();
    try {
      expectApiError(await getPage('/kayttoehdot'), 500);
    } finally {
      await where(db.updateTable('pages').set({ content_json: row.content_json })).execute();
    }
    expect((await getPage('/kayttoehdot')).statusCode).toBe(200);
  });
});

describe('origin: search', () => {
  const about = JSON.parse(readFileSync('content/pages/about.json', 'utf8')) as {
    locales: Record<string, { slug: string; body: unknown }>;
  };
  const WORD = 'tuulivoimaan';

  it('uses a word that the fi-FI about page has in its body', () => {
    expect(JSON.stringify(about.locales['fi-FI']?.body)).toContain(WORD);
  });

  it('finds a page by a word of its body with GET ?q=', async () => {
    const response = await app.inject({ method: 'GET', url: '/cms-view/v1/search', query: { q: WORD } });
    expect(response.statusCode).toBe(200);
    const result = searchResultSchema.parse(response.json());
    expect(result.query).toBe(WORD);
    expect(result.hits.map((hit) => hit.path)).toContain('/tietoa-meista');
    const hit = result.hits.find((candidate) => candidate.path === '/tietoa-meista');
    expect(hit?.excerpt.toLowerCase()).toContain(WORD);
  });

  it('finds the same page with POST {query}', async () => {
    const response = await app.inject({ method: 'POST', url: '/cms-view/v1/search', payload: { query: WORD } });
    expect(response.statusCode).toBe(200);
    expect(searchResultSchema.parse(response.json()).hits.map((hit) => hit.path)).toContain('/tietoa-meista');
  });

  it('searches only the locale of x-st1-locale', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/cms-view/v1/search',
      query: { q: WORD },
      headers: { 'x-st1-locale': 'en-EU' },
    });
    expect(response.statusCode).toBe(200);
    expect(searchResultSchema.parse(response.json()).hits).toEqual([]);
  });

  it('ignores case and diacritics', async () => {
    const response = await app.inject({ method: 'GET', url: '/cms-view/v1/search', query: { q: 'SAHKOAUTON' } });
    const hits = searchResultSchema.parse(response.json()).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.map((hit) => hit.path)).toContain('/');
    const landing = JSON.parse(readFileSync('content/pages/landing.json', 'utf8')) as {
      locales: Record<string, { title: string }>;
    };
    expect(landing.locales['fi-FI']?.title).toContain('sähköauton');
  });

  it('answers nothing for an empty query and leaves noIndex pages out', async () => {
    const empty = await app.inject({ method: 'GET', url: '/cms-view/v1/search', query: { q: '' } });
    expect(searchResultSchema.parse(empty.json()).hits).toEqual([]);
    const response = await app.inject({ method: 'GET', url: '/cms-view/v1/search', query: { q: 'haku' } });
    expect(searchResultSchema.parse(response.json()).hits.map((hit) => hit.path)).not.toContain('/haku');
  });

  it('treats LIKE wildcards in the query as text', async () => {
    const response = await app.inject({ method: 'GET', url: '/cms-view/v1/search', query: { q: '%_%' } });
    expect(response.statusCode).toBe(200);
    expect(searchResultSchema.parse(response.json()).hits).toEqual([]);
  });

  it('answers a non-JSON or malformed body with a 4xx JSON error, not 500', async () => {
    const cases = [
      { 'content-type': 'text/plain', payload: 'tuulivoimaan' },
      { 'content-type': 'application/json', payload: '{"query": ' },
      { 'content-type': 'application/json', payload: '"just a string"' },
      { 'content-type': 'application/xml', payload: '<query>x</query>' },
      { 'content-type': 'application/json', payload: JSON.stringify({ query: 'x'.repeat(201) }) },
    ];
    for (const { payload, ...headers } of cases) {
      const response = await app.inject({ method: 'POST', url: '/cms-view/v1/search', headers, payload });
      expect(response.statusCode, `${headers['content-type']} ${payload.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      readErrorBody(response.json());
    }
  });
});

describe('origin: sitemap listing', () => {
  type Entry = { path: string; lastModified: string; alternates: Record<string, string> };
  const listing = async (locale: string): Promise<Entry[]> => {
    const response = await app.inject({
      method: 'GET',
      url: '/cms-view/v1/sitemap',
      headers: { 'x-st1-locale': locale },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('lists the published pages of the locale with their siblings', async () => {
    const fi = await listing('fi-FI');
    const paths = fi.map((entry) => entry.path);
    expect(paths).toContain('/');
    expect(paths).toContain('/yrityksille');
    expect(fi.find((entry) => entry.path === '/yrityksille')?.alternates).toMatchObject({
      'en-EU': '/company',
      'no-NO': '/bedrift',
    });
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('leaves out noIndex pages and drafts', async () => {
    const search = { 'fi-FI': '/haku', 'en-EU': '/search', 'sv-SE': '/sok', 'no-NO': '/sok' } as const;
    for (const locale of LOCALES) {
      const entries = await listing(locale);
      expect(entries.length, locale).toBeGreaterThan(3);
      expect(
        entries.map((entry) => entry.path),
        locale,
      ).not.toContain(search[locale]);
      for (const entry of entries) expect(Object.values(entry.alternates), locale).not.toContain(search[locale]);
    }
    expect((await listing('fi-FI')).map((entry) => entry.path)).not.toContain('/kampanja-2027');
  });
});

describe('origin: a corrupt stored page', () => {
  beforeAll(async () => {
    await db
      .insertInto('pages')
      .values({
        group_key: 'corrupt',
        locale: 'fi-FI',
        slug: 'rikki',
        content_type: 'standardPage',
        status: 'published',
        content_json: 'not json',
        search_text: 'rikki tuulivoimaan',
        updated_at: new Date().toISOString(),
      })
      .execute();
  });

  it('answers 500 JSON for that page without leaking internals', async () => {
    const response = await getPage('/rikki');
    const body = expectApiError(response, 500);
    expect(body).toEqual({ status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
    expect(response.body).not.toMatch(/SyntaxError|Unexpected token|not json|stack|at \w+ \(/);
  });

  it('still answers the other pages', async () => {
    const response = await getPage('/yrityksille');
    expect(response.statusCode).toBe(200);
    expect(pageSchema.parse(response.json()).content.slug).toBe('yrityksille');
  });

  it('keeps search and the sitemap listing working, without the corrupt page', async () => {
    const search = await app.inject({ method: 'GET', url: '/cms-view/v1/search', query: { q: 'tuulivoimaan' } });
    expect(search.statusCode).toBe(200);
    const paths = searchResultSchema.parse(search.json()).hits.map((hit) => hit.path);
    expect(paths).toContain('/tietoa-meista');
    expect(paths).not.toContain('/rikki');
    for (const locale of ['fi-FI', 'en-EU']) {
      const sitemap = await app.inject({
        method: 'GET',
        url: '/cms-view/v1/sitemap',
        headers: { 'x-st1-locale': locale },
      });
      expect(sitemap.statusCode, locale).toBe(200);
      expect((sitemap.json() as Array<{ path: string }>).map((entry) => entry.path)).not.toContain('/rikki');
    }
  });
});

describe('origin: route schemas (decision 008)', () => {
  it.each([
    ['a page without path', 'GET', '/cms-view/v1/content/page', undefined, /^Invalid query: path: /],
    [
      'a search query over 200 characters',
      'GET',
      `/cms-view/v1/search?q=${'a'.repeat(201)}`,
      undefined,
      /^Invalid query: q: /,
    ],
    [
      'a station list since a negative version',
      'GET',
      '/cms-view/v1/stations?since=-1',
      undefined,
      /^Invalid query: since: /,
    ],
    ['a search body without query', 'POST', '/cms-view/v1/search', { q: 'x' }, /^Invalid request body: query: /],
    [
      'a submission of an unknown form',
      'POST',
      '/forms/v1/submissions',
      { form: 'nope', fields: {} },
      /^Invalid request body: form: /,
    ],
    [
      'a registration with a number for e-mail',
      'POST',
      '/customers/v1/registrations',
      { email: 5, password: 'x', firstName: 'A', lastName: 'B', phoneNumber: '', marketing: [] },
      /^Invalid request body: email: /,
    ],
  ] as const)('answers %s with a 400 BAD_REQUEST naming the field', async (_name, method, url, payload, message) => {
    const response = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    const body = expectApiError(response, 400);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toMatch(message);
  });

  it('checks the session before the body of a signed-in endpoint (401, not 400)', async () => {
    const response = await app.inject({ method: 'PUT', url: '/customers/v1/customer', payload: { firstName: 5 } });
    expect(expectApiError(response, 401).code).toBe('UNAUTHORIZED');
  });
});
