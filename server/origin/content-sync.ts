/**
 * `npm run content:sync` (docs/operations.md "Content for an existing database"): applies
 * content/ to a database seeded earlier, through the seed's own readers of content/ (one
 * parser for each file): pages and their aliases, the layouts, the stations (changed ones
 * under one new version from the counter, so installed apps receive them in their next
 * delta), the shop catalog and missing discount codes, missing assets and changed alt
 * texts. It adds and updates; it never deletes, and never touches orders, customers, form
 * submissions or the use counts of discount codes. Running it twice changes nothing the
 * second time. `npm start` runs it when the files changed since the last sync.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { readSeedLayouts, readSeedPages } from './content-files';
import type { Db } from './database-schema';
import { createOriginUnitOfWork } from './origin-unit-of-work';
import { readAssetIndex } from './images/asset-files';
import { readCatalogFile } from './shop/catalog-files';
import { generateSeedStations } from './stations/seed/stations-seed';
import { stationRecordSchema } from './stations/stations-record';
import { NO_CACHE_PURGES, type CachePurges } from './outbox/cache-purges';
import { LOCALES, slugToPath, type Locale } from '#shared/locales';
import { articlesKey, layoutKey, pageKey, SITE_KEY, sitemapKey, stationKey } from '#shared/surrogate-keys';

/** A published page changed: its own answers, the article lists and the sitemap of its locale. */
function pageChangeKeys(locale: Locale, slug: string): string[] {
  return [pageKey(locale, slugToPath(slug)), articlesKey(locale), sitemapKey(locale)];
}

/** Stations changed: their pages and the lists that show them; new ones also enter the sitemaps. */
function stationChangeKeys(ids: readonly string[], added: boolean): string[] {
  return [...ids.map(stationKey), ...(added ? LOCALES.map(sitemapKey) : [])];
}

/** What a sync changed; lists of ids or codes. */
export interface ContentSyncReport {
  pages: { added: string[]; changed: string[] };
  layouts: { changed: string[] };
  stations: { added: number; changed: number; version: number | undefined };
  products: { added: string[]; changed: string[] };
  discountCodes: { added: string[] };
  assets: { added: string[]; changed: string[] };
}

const SOURCE = 'content';

/** SHA-256 over every file under contentDir (relative path and bytes), in path order. */
export async function contentHash(contentDir: string): Promise<string> {
  const entries = await readdir(contentDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(contentDir, file));
    hash.update('\0');
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Records that the database holds the content of `hash`. */
export async function recordContentHash(db: Db, hash: string, now = new Date().toISOString()): Promise<void> {
  await createOriginUnitOfWork(db).repositories.content.syncs.record(SOURCE, hash, now);
}

/** The content's images: new ones stored with their source, changed texts updated. */
async function syncAssets(
  work: ReturnType<typeof createOriginUnitOfWork>,
  assetIndex: Awaited<ReturnType<typeof readAssetIndex>>,
  now: string,
): Promise<{ added: string[]; changed: string[] }> {
  const { assets } = work.repositories.images;
  const report = { added: [] as string[], changed: [] as string[] };
  for (const entry of assetIndex.values()) {
    const stored = await assets.findMeta(entry.asset.id);
    if (!stored) {
      await assets.insert(
        { asset: entry.asset, sourceMime: entry.sourceMime, source: await readFile(entry.sourcePath) },
        now,
      );
      report.added.push(entry.asset.id);
    } else if (await assets.updateTexts(entry.asset, now)) {
      report.changed.push(entry.asset.id);
    }
  }
  return report;
}

/**
 * Applies content/ to the database and records its hash. With `purges`, the surrogate keys
 * of what changed are queued in the same transactions and sent once they commit.
 */
export async function syncContent(
  db: Db,
  contentDir: string,
  purges: CachePurges = NO_CACHE_PURGES,
): Promise<ContentSyncReport> {
  const hash = await contentHash(contentDir);
  const [seedPages, layouts, catalog, assetIndex, stationRecords] = await Promise.all([
    readSeedPages(contentDir),
    readSeedLayouts(contentDir),
    readCatalogFile(contentDir),
    readAssetIndex(contentDir),
    generateSeedStations(contentDir),
  ]);
  const now = new Date().toISOString();

  // Assets before pages and products, which show them.
  const work = createOriginUnitOfWork(db);
  const assetReport = await syncAssets(work, assetIndex, now);

  const purgeKeys: string[] = [];
  const report = await work.transaction(async (tx) => {
    const { pages, layouts: layoutsRepository } = tx.content;
    const pageReport = { added: [] as string[], changed: [] as string[] };
    for (const page of seedPages) {
      const result = await pages.applyFromContent(page, now);
      const name = `${page.locale}/${page.content.slug}${page.status === 'draft' ? ' (draft)' : ''}`;
      if (result !== 'same') pageReport[result].push(name);
      // A draft is seen only in preview, which no shared cache keeps.
      if (result !== 'same' && page.status === 'published')
        purgeKeys.push(...pageChangeKeys(page.locale, page.content.slug));
    }

    const layoutReport = { changed: [] as string[] };
    for (const [locale, layout] of layouts) {
      const stored = await layoutsRepository.find(locale);
      if (JSON.stringify(stored) === JSON.stringify(layout)) continue;
      await layoutsRepository.upsert(locale, layout, now);
      layoutReport.changed.push(locale);
      purgeKeys.push(layoutKey(locale));
    }

    const products = await tx.shop.products.applyCatalog(catalog, now);
    const discounts = tx.shop.discountCodes;
    const discountReport = { added: [] as string[] };
    for (const discount of catalog.discountCodes) {
      if (await discounts.find(discount.code)) continue;
      await discounts.insert(discount);
      discountReport.added.push(discount.code);
    }
    // A changed alt text may show on any page.
    if (assetReport.changed.length > 0) purgeKeys.push(SITE_KEY);
    await purges.enqueue(tx.outbox.messages, purgeKeys);
    return { pages: pageReport, layouts: layoutReport, products, discountCodes: discountReport };
  });

  // Stations in their own transaction (saveMany), under one version from the counter.
  const { stations } = work.repositories.stations;
  const stored = await stations.allRecords();
  let added = 0;
  const changedRecords = stationRecords.filter((record) => {
    const existing = stored.get(record.id);
    if (!existing) {
      added += 1;
      return true;
    }
    return existing.deleted || existing.recordJson !== JSON.stringify(stationRecordSchema.parse(record));
  });
  const version = await stations.saveMany(changedRecords, now);
  // After the stations' own transaction: a crash between the two loses only this purge, and
  // the pages it would purge expire within s-maxage anyway (docs/operations.md).
  const changedIds = changedRecords.map((record) => record.id);
  await purges.enqueue(work.repositories.outbox.messages, stationChangeKeys(changedIds, added > 0));
  purges.deliverSoon();

  await recordContentHash(db, hash, now);
  return {
    ...report,
    assets: assetReport,
    stations: { added, changed: changedRecords.length - added, version },
  };
}

/**
 * At start-up: syncs when content/ changed since the last sync (or was never recorded);
 * returns the report, or undefined when nothing needed doing.
 */
export async function syncContentIfChanged(
  db: Db,
  contentDir: string,
  purges: CachePurges = NO_CACHE_PURGES,
): Promise<ContentSyncReport | undefined> {
  const hash = await contentHash(contentDir);
  const stored = await createOriginUnitOfWork(db).repositories.content.syncs.storedHash(SOURCE);
  if (stored === hash) return undefined;
  return syncContent(db, contentDir, purges);
}

/** The report as lines for a person: what changed, or that nothing did. */
export function describeSync(report: ContentSyncReport): string[] {
  const lines: string[] = [];
  const list = (label: string, items: string[]) => {
    if (items.length > 0)
      lines.push(`${label}: ${items.length} (${items.slice(0, 10).join(', ')}${items.length > 10 ? ', …' : ''})`);
  };
  list('Pages added', report.pages.added);
  list('Pages changed', report.pages.changed);
  list('Layouts changed', report.layouts.changed);
  list('Products added', report.products.added);
  list('Products changed', report.products.changed);
  list('Discount codes added', report.discountCodes.added);
  list('Assets added', report.assets.added);
  list('Asset texts changed', report.assets.changed);
  if (report.stations.version !== undefined)
    lines.push(
      `Stations: ${report.stations.added} added, ${report.stations.changed} changed, at version ${report.stations.version}`,
    );
  if (lines.length === 0) lines.push('Content is up to date; nothing changed.');
  return lines;
}
