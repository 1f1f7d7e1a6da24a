/**
 * The asset index content/assets/index.json and its source files, and the resolution of
 * `{ "asset": id, "alt"? }` references in page and layout files into full asset
 * objects (docs/content-model.md "Assets").
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { assetKindOfExtension, mimeTypeOf } from '#shared/asset-types';
import type { Asset } from '#shared/content-schema';
import { LOCALES, type Locale } from '#shared/locales';

const indexEntrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/),
    /** The source file beside index.json; raster assets may have an SVG source. */
    file: z.string().regex(/^[a-z0-9][a-z0-9.-]*\.(svg|png|jpe?g|gif|webp|pdf|mp4|webm)$/),
    title: z.string().min(1),
    /** The default alt text, in English (the en-EU site and any locale without its own). */
    alt: z.string(),
    /** Alt text in the other locales' languages; a page in that locale gets it. */
    altByLocale: z.partialRecord(z.enum(LOCALES), z.string().min(1)).default({}),
    /** The extension the asset is delivered as (asset-types.ts kinds); for raster assets the original format. */
    ext: z.string(),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    created: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
    focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
    tags: z.array(z.string()).default([]),
    copyright: z.string().optional(),
    licenses: z.array(z.string()).default([]),
    description: z.string().optional(),
    metadataValues: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  })
  .strict();

export interface SeedAsset {
  asset: Asset & { id: string; type: string; ext: string };
  /** Alt texts per locale (the asset's `alt` is the English default). */
  altByLocale: Partial<Record<Locale, string>>;
  /** Absolute path of the source file. */
  sourcePath: string;
  sourceMime: string;
}

/** The URLs of spec §3 Asset: the origin's /images endpoint, same path on the site server. */
export function assetUrls(
  id: string,
  kind: string,
  ext: string,
): Pick<Asset, 'src' | 'generic_url' | 'dynamic_url' | 'preview_url'> {
  const src = `/images/${id}`;
  const resizable = kind === 'image' && ext !== 'pdf';
  return {
    src,
    generic_url: src,
    dynamic_url: src,
    preview_url: resizable ? `${src}?w=320&h=180&fit=cover&fm=webp` : src,
  };
}

/** Reads and checks content/assets/index.json; sizes come from the files themselves. */
export async function readAssetIndex(contentDir: string): Promise<Map<string, SeedAsset>> {
  const dir = join(contentDir, 'assets');
  const file = join(dir, 'index.json');
  const parsed = z.array(indexEntrySchema).safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
  const assets = new Map<string, SeedAsset>();
  for (const entry of parsed.data) {
    if (assets.has(entry.id)) throw new Error(`${file}: asset ${entry.id} is listed twice`);
    const type = assetKindOfExtension(entry.ext);
    const sourceExt = entry.file.slice(entry.file.lastIndexOf('.') + 1);
    const sourceMime = mimeTypeOf(sourceExt);
    if (!type || !sourceMime) throw new Error(`${file}: asset ${entry.id} has an unknown extension ${entry.ext}`);
    if (type === 'image' && entry.ext !== 'pdf' && (entry.width === undefined || entry.height === undefined)) {
      throw new Error(`${file}: image asset ${entry.id} needs width and height`);
    }
    const sourcePath = join(dir, entry.file);
    const { size } = await stat(sourcePath).catch((error: unknown) => {
      throw new Error(`${file}: source of ${entry.id} is missing: ${entry.file}`, { cause: error });
    });
    const { file: _file, altByLocale, ...fields } = entry;
    assets.set(entry.id, {
      asset: { ...fields, name: `${entry.id}.${entry.ext}`, type, size, ...assetUrls(entry.id, type, entry.ext) },
      altByLocale,
      sourcePath,
      sourceMime,
    });
  }
  return assets;
}

function isReference(value: object): value is { asset: string; alt?: string } {
  const keys = Object.keys(value);
  return (
    typeof (value as { asset?: unknown }).asset === 'string' &&
    keys.every((key) => key === 'asset' || (key === 'alt' && typeof (value as { alt?: unknown }).alt === 'string'))
  );
}

/**
 * Replaces every `{ "asset": id, "alt"? }` in a parsed JSON value with the asset object.
 * Its alt text: the reference's when given, else the asset's in `locale` (the language of
 * the page or layout), else the asset's English default. An unknown id is an error
 * naming the file.
 */
export function resolveAssetReferences(
  value: unknown,
  assets: Map<string, SeedAsset>,
  where: string,
  locale?: Locale,
): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveAssetReferences(item, assets, where, locale));
  if (value === null || typeof value !== 'object') return value;
  if (isReference(value)) {
    const found = assets.get(value.asset);
    if (!found) throw new Error(`${where}: unknown asset "${value.asset}" (content/assets/index.json)`);
    const localized = locale ? found.altByLocale[locale] : undefined;
    return { ...found.asset, alt: value.alt ?? localized ?? found.asset.alt };
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, resolveAssetReferences(item, assets, where, locale)]),
  );
}
