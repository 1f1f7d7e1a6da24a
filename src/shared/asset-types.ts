/**
 * Asset kinds by file extension (spec §9 "Assets"): jpeg, jpg, gif, png, webp and pdf are
 * images, svg is vector, mp4 and webm are video. The renderer picks <img>, a download
 * link or <video> from these.
 */
import type { Asset } from './content-schema';

export type AssetKind = 'image' | 'vector' | 'video';

const KIND_BY_EXT: Readonly<Record<string, AssetKind>> = {
  jpeg: 'image',
  jpg: 'image',
  gif: 'image',
  png: 'image',
  webp: 'image',
  pdf: 'image',
  svg: 'vector',
  mp4: 'video',
  webm: 'video',
};

/** The extension without dot, lower case: from `ext`, else from `name`, else from `src`. */
export function assetExtension(asset: Pick<Asset, 'ext' | 'name' | 'src'>): string | undefined {
  const fromExt = asset.ext?.replace(/^\./, '').toLowerCase();
  if (fromExt) return fromExt;
  const file = (asset.name ?? asset.src.split(/[?#]/)[0] ?? '').split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : undefined;
}

/** The kind of an extension, or undefined for one the spec does not list. */
export function assetKindOfExtension(ext: string): AssetKind | undefined {
  return KIND_BY_EXT[ext.replace(/^\./, '').toLowerCase()];
}

/** The kind of an asset: its extension decides; an asset without one is an image. */
export function assetKind(asset: Pick<Asset, 'ext' | 'name' | 'src'>): AssetKind | undefined {
  const ext = assetExtension(asset);
  return ext === undefined ? 'image' : assetKindOfExtension(ext);
}

/** PDFs count as images in the spec but are rendered as a download link, not an <img>. */
export function isDocument(asset: Pick<Asset, 'ext' | 'name' | 'src'>): boolean {
  return assetExtension(asset) === 'pdf';
}

/** Raster images the image provider can resize (not PDFs, vectors or video). */
export function isResizable(asset: Pick<Asset, 'ext' | 'name' | 'src'>): boolean {
  return assetKind(asset) === 'image' && !isDocument(asset);
}

const MIME_BY_EXT: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** The media type of a listed extension, for <source type> and Content-Type. */
export function mimeTypeOf(ext: string): string | undefined {
  return MIME_BY_EXT[ext.replace(/^\./, '').toLowerCase()];
}
