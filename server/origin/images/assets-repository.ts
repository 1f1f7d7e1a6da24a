/** Data access for assets (spec §3 Asset) and their source bytes. */
import type { Asset } from '#shared/content-schema';
import type { ImagesDb } from './image-tables';
import type { AssetsTable } from './image-tables';
import { assetUrls } from './asset-files';

export interface StoredAsset {
  asset: Asset & { id: string; ext: string; type: string };
  sourceMime: string;
  source: Buffer;
  updatedAt: string;
}

export interface NewAsset {
  asset: Asset & { id: string; ext: string; type: string };
  sourceMime: string;
  source: Buffer;
}

type Row = Omit<AssetsTable, 'source'>;

function toAsset(row: Row): StoredAsset['asset'] {
  return {
    id: row.id,
    title: row.title,
    alt: row.alt,
    name: row.name,
    ext: row.ext,
    type: row.type,
    ...assetUrls(row.id, row.type, row.ext),
    ...(row.width !== null ? { width: Number(row.width) } : {}),
    ...(row.height !== null ? { height: Number(row.height) } : {}),
    created: row.created,
    ...(row.focal_x !== null && row.focal_y !== null
      ? { focalPoint: { x: Number(row.focal_x), y: Number(row.focal_y) } }
      : {}),
    tags: JSON.parse(row.tags_json) as string[],
    ...(row.copyright !== null ? { copyright: row.copyright } : {}),
    licenses: JSON.parse(row.licenses_json) as string[],
    ...(row.description !== null ? { description: row.description } : {}),
    metadataValues: JSON.parse(row.metadata_json) as Record<string, string | number | boolean>,
    size: Number(row.size),
  };
}

// eslint-disable-next-line max-lines-per-function -- a repository object: short query methods that share one connection; the length is their number, not one procedure
export function createAssetsRepository(database: ImagesDb) {
  const db = database;
  const metaColumns = [
    'id',
    'title',
    'alt',
    'name',
    'ext',
    'type',
    'width',
    'height',
    'created',
    'focal_x',
    'focal_y',
    'tags_json',
    'copyright',
    'licenses_json',
    'description',
    'metadata_json',
    'size',
    'source_mime',
    'updated_at',
  ] as const;

  return {
    async count(): Promise<number> {
      const row = await db.selectFrom('assets').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The asset without its source bytes (cheap: for cached variants). */
    async findMeta(id: string): Promise<Omit<StoredAsset, 'source'> | undefined> {
      const row = await db.selectFrom('assets').select(metaColumns).where('id', '=', id).executeTakeFirst();
      return row ? { asset: toAsset(row), sourceMime: row.source_mime, updatedAt: row.updated_at } : undefined;
    },

    /** The asset with its source bytes, for the image endpoint. */
    async findWithSource(id: string): Promise<StoredAsset | undefined> {
      const row = await db
        .selectFrom('assets')
        .select([...metaColumns, 'source'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        asset: toAsset(row),
        sourceMime: row.source_mime,
        source: Buffer.from(row.source),
        updatedAt: row.updated_at,
      };
    },

    /** Updates an asset's alt text and title when content/ changed them (content sync); whether it did. */
    async updateTexts(asset: NewAsset['asset'], now = new Date().toISOString()): Promise<boolean> {
      const title = asset.title ?? asset.id;
      const result = await db
        .updateTable('assets')
        .set({ alt: asset.alt, title, updated_at: now })
        .where('id', '=', asset.id)
        .where((eb) => eb.or([eb('alt', '!=', asset.alt), eb('title', '!=', title)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insert(item: NewAsset, now = new Date().toISOString()): Promise<void> {
      const { asset } = item;
      await db
        .insertInto('assets')
        .values({
          id: asset.id,
          title: asset.title ?? asset.id,
          alt: asset.alt,
          name: asset.name ?? `${asset.id}.${asset.ext}`,
          ext: asset.ext,
          type: asset.type,
          width: asset.width ?? null,
          height: asset.height ?? null,
          created: asset.created ?? now.slice(0, 10),
          focal_x: asset.focalPoint?.x ?? null,
          focal_y: asset.focalPoint?.y ?? null,
          tags_json: JSON.stringify(asset.tags ?? []),
          copyright: asset.copyright ?? null,
          licenses_json: JSON.stringify(asset.licenses ?? []),
          description: asset.description ?? null,
          metadata_json: JSON.stringify(asset.metadataValues ?? {}),
          size: item.source.length,
          source_mime: item.sourceMime,
          source: item.source,
          updated_at: now,
        })
        .execute();
    },
  };
}

export type AssetsRepository = ReturnType<typeof createAssetsRepository>;
