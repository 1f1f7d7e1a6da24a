/**
 * A CMS asset as an image (spec §5 "Image"; kinds in asset-types.ts): raster images get
 * a srcset of provider variants (densities 1 and 2 by default, or screen sizes), SVG is
 * an <img> of the original, a PDF is a download link with its type and size, and video
 * is offered as a file (the video block plays videos with CmsVideo). Width and height are always set, so nothing shifts when it loads.
 */
import { useLingui } from '@lingui/react';
import { assetExtension, assetKind, isDocument } from '#shared/asset-types';
import type { Asset } from '#shared/content-schema';
import { buildImageSources } from '#shared/image-url';
import './cms-image.css';

type ImageLoading = 'lazy' | 'eager';
type ImageDecoding = 'async' | 'auto' | 'sync';
type ImageFill = 'cover' | 'contain';

export interface CmsImageProps {
  asset: Asset;
  /** A preset of src/shared/image-url.ts; an unknown one throws (spec §8). */
  preset: string;
  /** Screen-keyed sizes, e.g. "xs:100vw lg:50vw 640px"; without it the srcset lists densities. */
  sizes?: string;
  loading?: ImageLoading;
  decoding?: ImageDecoding;
  fill?: ImageFill;
  className?: string;
  /** The largest image above the fold: loads eagerly with high fetch priority. */
  priority?: boolean;
  provider?: string;
  densities?: readonly number[];
}

function classNames(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ');
}

export function CmsImage({
  asset,
  preset,
  sizes,
  loading = 'lazy',
  decoding = 'async',
  fill = 'cover',
  className,
  priority = false,
  provider,
  densities,
}: CmsImageProps) {
  const { i18n } = useLingui();
  const kind = assetKind(asset);

  // Videos play in the video block (CmsVideo, its own chunk); an image slot given a
  // video offers it as a file, like a document, rather than pulling the player in here.
  if (kind === 'video' || isDocument(asset)) {
    const title = asset.title ?? asset.alt ?? asset.name ?? asset.src;
    const type = (assetExtension(asset) ?? '').toUpperCase();
    const kilobytes =
      asset.size === undefined
        ? undefined
        : new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 0 }).format(Math.max(1, asset.size / 1024));
    return (
      <a className={classNames('cms-document', className)} href={asset.src} download={asset.name ?? true}>
        <span className="cms-document__title">{i18n._('image.download', { title })}</span>{' '}
        <span className="cms-document__info">
          {kilobytes === undefined ? `(${type})` : i18n._('image.fileInfo', { type, size: kilobytes })}
        </span>
      </a>
    );
  }

  if (kind === undefined) {
    // An extension the spec does not list: nothing sensible to render.
    console.warn(`CmsImage: unsupported asset ${asset.id ?? asset.src}`);
    return null;
  }

  const sources = buildImageSources(asset, {
    preset,
    ...(provider ? { provider } : {}),
    ...(sizes ? { sizes } : {}),
    ...(densities ? { densities } : {}),
  });
  return (
    <img
      className={classNames('cms-image', `cms-image--${fill}`, kind === 'vector' && 'cms-image--vector', className)}
      src={sources.src}
      {...(sources.srcSet ? { srcSet: sources.srcSet } : {})}
      {...(sources.sizes ? { sizes: sources.sizes } : {})}
      width={sources.width}
      height={sources.height}
      alt={asset.alt}
      loading={priority ? 'eager' : loading}
      decoding={decoding}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
