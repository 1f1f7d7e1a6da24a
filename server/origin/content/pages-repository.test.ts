import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageContentSchema } from '#shared/content-schema';
import { openDatabase, type Db } from '../db';
import { migrateToLatest } from '../migrate';
import { createPagesRepository, type NewPage } from './pages-repository';

let dataDir: string;
let db: Db;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'st1-pages-repo-'));
  db = openDatabase({ dataDir });
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

function article(slug: string, created: string, tags: string[], extra: Partial<NewPage> = {}): NewPage {
  return {
    groupKey: slug,
    locale: 'fi-FI',
    status: 'published',
    aliases: [],
    content: pageContentSchema.parse({
      slug,
      title: `Title ${slug}`,
      description: `Description ${slug}`,
      contentType: 'articlePage',
      created,
      tags,
      body: [{ type: 'article', lead: `Lead ${slug}` }],
    }),
    ...extra,
  };
}

describe('pages repository: listArticles', () => {
  it('lists published articles of the locale newest first, with the lead as excerpt', async () => {
    const pages = createPagesRepository(db);
    await pages.insert(article('artikkeli/vanha', '2025-01-10', ['autopesu']));
    await pages.insert(article('artikkeli/uusi', '2026-02-01', ['lataus']));
    await pages.insert(article('artikkeli/keski', '2025-06-15', ['lataus']));
    await pages.insert(article('artikkeli/luonnos', '2026-03-01', ['lataus'], { status: 'draft' }));
    await pages.insert({ ...article('article/en', '2026-03-01', ['lataus']), locale: 'en-EU' });
    await pages.insert({
      ...article('tavallinen', '2026-03-02', []),
      content: pageContentSchema.parse({ slug: 'tavallinen', title: 'Standard', body: [] }),
    });

    const items = await pages.listArticles('fi-FI');
    expect(items.map((item) => item.path)).toEqual(['/artikkeli/uusi', '/artikkeli/keski', '/artikkeli/vanha']);
    expect(items[0]).toEqual({
      title: 'Title artikkeli/uusi',
      path: '/artikkeli/uusi',
      created: '2026-02-01',
      excerpt: 'Lead artikkeli/uusi',
    });
  });

  it('filters by tag (case-insensitive) and limits the count', async () => {
    const pages = createPagesRepository(db);
    await pages.insert(article('a', '2025-01-10', ['Lataus']));
    await pages.insert(article('b', '2025-02-10', ['autopesu']));
    await pages.insert(article('c', '2025-03-10', ['lataus']));
    expect((await pages.listArticles('fi-FI', { tag: 'lataus' })).map((item) => item.path)).toEqual(['/c', '/a']);
    expect((await pages.listArticles('fi-FI', { limit: 1 })).map((item) => item.path)).toEqual(['/c']);
  });
});
