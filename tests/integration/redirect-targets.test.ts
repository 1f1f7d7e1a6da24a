/**
 * Every relative target of the legacy redirect tables (content/redirects, spec §2) is a
 * page the origin serves: asked of a real origin on a fresh SQLite file, seeded from
 * content/ (pages and the deterministic stations), without the preview header.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';
import { isAbsoluteUrl } from '#shared/redirects';
import { loadRedirectTables } from '../../server/site/redirect-tables';
import { startSeededOrigin, type SeededOrigin } from './support/seeded-origin';

let origin: SeededOrigin;
let app: FastifyInstance;

beforeAll(async () => {
  origin = await startSeededOrigin('redirect-targets');
  ({ app } = origin);
});

afterAll(() => origin?.close());

describe('legacy redirect targets', () => {
  const tables = loadRedirectTables('content');

  for (const locale of LOCALES) {
    it(`are published pages of the origin in ${locale}`, async () => {
      const table = tables.get(locale);
      expect(table, locale).toBeDefined();
      const targets = new Set(
        [...table!.exact.values(), ...table!.prefixes.map(([, to]) => to)]
          .filter((to) => !isAbsoluteUrl(to))
          .map((to) => to.split(/[?#]/)[0] ?? to),
      );
      expect(targets.size).toBeGreaterThan(5);
      for (const path of targets) {
        const response = await app.inject({
          method: 'GET',
          url: '/cms-view/v1/content/page',
          query: { path },
          headers: { 'x-st1-locale': locale },
        });
        expect(response.statusCode, `${locale} ${path}`).toBe(200);
      }
    });
  }
});
