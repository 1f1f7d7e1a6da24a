import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PagePayload } from '#shared/payload';
import { rememberPage, storedPayload } from './offline-pages';
import { setStationsDb, StationsDatabase } from './station-db';

const payload = (fields: Partial<PagePayload> = {}) =>
  ({ locale: 'fi-FI', preview: false, error: null, page: { content: { slug: 'asemat/x' } }, ...fields }) as PagePayload;

let counter = 0;
beforeEach(() => setStationsDb(new StationsDatabase(`offline-pages-${++counter}`)));

describe('pages kept for offline navigation', () => {
  it('finds a page by its document path whatever the query or trailing slash', async () => {
    await rememberPage('/en-EU/stations/oulu-ouluntie', payload({ locale: 'en-EU' }));
    expect((await storedPayload('/en-EU/stations/oulu-ouluntie?x=1'))?.locale).toBe('en-EU');
    expect(await storedPayload('http://localhost/en-EU/stations/oulu-ouluntie/')).toBeDefined();
    expect(await storedPayload('/en-EU/stations/other')).toBeUndefined();
  });

  it('does not keep error pages or previews', async () => {
    await rememberPage(
      '/asemat/a',
      payload({ error: { status: 404, statusName: 'NOT_FOUND', path: '/asemat/a', reason: 'unknownRoute' } }),
    );
    await rememberPage('/asemat/b', payload({ preview: true }));
    expect(await storedPayload('/asemat/a')).toBeUndefined();
    expect(await storedPayload('/asemat/b')).toBeUndefined();
  });
});
