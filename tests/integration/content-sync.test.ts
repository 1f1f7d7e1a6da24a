/**
 * `npm run content:sync` (server/origin/content-sync.ts, docs/operations.md "Content for
 * an existing database") on the run's database: a database seeded earlier takes what
 * changed in content/ (a page, a layout, a product price, stations through a dish's diet
 * labels, under one new version its apps receive by delta), keeps its orders, customers
 * and form submissions, reports what it changed, and changes nothing the second time.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash, describeSync, syncContent, syncContentIfChanged } from '../../server/origin/content-sync';
import { createPagesRepository } from '../../server/origin/content/pages-repository';
import { createLayoutsRepository } from '../../server/origin/content/layouts-repository';
import { createProductsRepository } from '../../server/origin/shop/products-repository';
import { createStationsRepository } from '../../server/origin/stations/stations-repository';
import type { Db } from '../../server/origin/db';
import { loadOriginConfig } from '../../server/origin/config';
import { startOrigin } from '../../server/origin/start';
import { databaseEnv } from './support/test-database';
import { forEachDatabase } from './support/each-database';
import type { SeededOrigin } from './support/seeded-origin';

/** A content file as plain JSON, edited the way an editor would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form JSON of several files
type Json = any;

function editJson(file: string, edit: (data: Json) => void): void {
  const data = JSON.parse(readFileSync(file, 'utf8')) as Json;
  edit(data);
  writeFileSync(file, JSON.stringify(data, null, 2));
}

async function counts(db: Db): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of ['customers', 'shop_orders', 'shop_order_items', 'form_submissions'] as const) {
    const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

forEachDatabase((database) => {
  describe(`content sync on ${database.name}`, () => {
    let origin: SeededOrigin;
    let contentDir: string;

    beforeAll(async () => {
      origin = await database.startOrigin('content_sync');
      contentDir = join(mkdtempSync(join(tmpdir(), 'st1-content-sync-')), 'content');
      cpSync('content', contentDir, { recursive: true });
      await origin.db
        .insertInto('form_submissions')
        .values({ form: 'contact', locale: 'fi-FI', fields_json: '{}', created_at: new Date().toISOString() })
        .execute();
    }, 120_000);

    afterAll(async () => {
      await database.stop();
      rmSync(join(contentDir, '..'), { recursive: true, force: true });
    });

    it('finds a freshly seeded database up to date', async () => {
      const report = await syncContent(origin.db, contentDir);
      expect(describeSync(report)).toEqual(['Content is up to date; nothing changed.']);
      expect(await syncContentIfChanged(origin.db, contentDir)).toBeUndefined();
    });

    it('applies changed content, keeps orders, customers and submissions, and bumps changed stations', async () => {
      const before = await counts(origin.db);
      expect(before.customers).toBeGreaterThan(0);
      expect(before.form_submissions).toBeGreaterThan(0);
      const stations = createStationsRepository(origin.db);
      const versionBefore = await stations.version('FI');

      editJson(join(contentDir, 'pages', 'about.json'), (page) => {
        page.locales['en-EU'].title = 'About us, updated';
      });
      editJson(join(contentDir, 'layout', 'sv-SE.json'), (layout) => {
        layout.customerServicePhone = '+46 8 000 00 00';
      });
      editJson(join(contentDir, 'shop', 'catalog.json'), (catalog) => {
        catalog.products[0].priceCents += 100;
      });
      editJson(join(contentDir, 'stations', 'lunch-dishes.json'), (dishes) => {
        dishes.countries.FI[0].diets = ['L'];
      });
      const hashBefore = await contentHash('content');
      expect(await contentHash(contentDir)).not.toBe(hashBefore);

      const report = await syncContentIfChanged(origin.db, contentDir);
      expect(report).toBeDefined();
      expect(report!.pages).toEqual({ added: [], changed: ['en-EU/about-us'] });
      expect(report!.layouts).toEqual({ changed: ['sv-SE'] });
      expect(report!.products.changed).toEqual(['WASH-BASIC']);
      expect(report!.stations.added).toBe(0);
      expect(report!.stations.changed).toBeGreaterThan(0);
      expect(report!.stations.version).toBeGreaterThan(versionBefore);
      expect(describeSync(report!).join('\n')).toMatch(/Pages changed: 1 \(en-EU\/about-us\)/);

      const page = await createPagesRepository(origin.db).find('en-EU', 'about-us', { preview: false });
      expect(page?.content.title).toBe('About us, updated');
      expect((await createLayoutsRepository(origin.db).find('sv-SE'))?.customerServicePhone).toBe('+46 8 000 00 00');
      const [product] = await createProductsRepository(origin.db).listActive();
      expect(product!.priceCents).toBe(
        (JSON.parse(readFileSync(join(contentDir, 'shop', 'catalog.json'), 'utf8')) as Json).products[0].priceCents,
      );
      // An app holding the version before the sync receives the changed stations by delta.
      const delta = await stations.changesSince('FI', versionBefore);
      expect(delta.changed.length).toBe(report!.stations.changed - (await otherCountriesChanged(versionBefore)));
      expect(delta.version).toBe(report!.stations.version);

      expect(await counts(origin.db)).toEqual(before);
    });

    it('changes nothing when run again', async () => {
      expect(await syncContentIfChanged(origin.db, contentDir)).toBeUndefined();
      const report = await syncContent(origin.db, contentDir);
      expect(describeSync(report)).toEqual(['Content is up to date; nothing changed.']);
    });

    async function otherCountriesChanged(since: number): Promise<number> {
      const repository = createStationsRepository(origin.db);
      const [se, no] = await Promise.all([repository.changesSince('SE', since), repository.changesSince('NO', since)]);
      return se.changed.length + no.changed.length;
    }
  });
});

describe('npm start takes in changed content', () => {
  it('syncs at start only when the content files changed since the last sync or seed', async () => {
    const work = mkdtempSync(join(tmpdir(), 'st1-content-start-'));
    const contentDir = join(work, 'content');
    cpSync('content', contentDir, { recursive: true });
    const env = {
      DATA_DIR: work,
      CONTENT_DIR: contentDir,
      ...(await databaseEnv('content_start')),
    } as NodeJS.ProcessEnv;
    const lines: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void lines.push(args.join(' '));
    try {
      // First start: seeded, and the hash recorded with it.
      await (await startOrigin(loadOriginConfig(env))).close();
      // Unchanged files: no sync.
      await (await startOrigin(loadOriginConfig(env))).close();
      expect(lines.filter((line) => line.startsWith('Content sync:'))).toEqual([]);
      // A changed page: the next start syncs it and says so.
      editJson(join(contentDir, 'pages', 'about.json'), (page) => {
        page.locales['fi-FI'].title = 'Meistä, päivitetty';
      });
      const running = await startOrigin(loadOriginConfig(env));
      const page = await createPagesRepository(running.db).find('fi-FI', 'tietoa-meista', { preview: false });
      await running.close();
      expect(lines.filter((line) => line.startsWith('Content sync:'))).toEqual([
        expect.stringMatching(/^Content sync: Pages changed: 1 \(fi-FI\//),
      ]);
      expect(page?.content.title).toBe('Meistä, päivitetty');
    } finally {
      console.log = log;
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
