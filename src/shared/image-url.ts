/**
 * Image URLs for the image provider (spec §7 "Image provider requests ask for width,
 * height, crop by focal point, format webp at 1x, 1.5x, 2x"; densities and screens in
 * rules/limits.ts). One provider, 'origin', builds `/images/{id}?w=&h=&fit=&fm=&fp=`; the URL
 * carries every parameter, so a rendered variant can be cached forever. Unknown
 * providers and presets throw (spec §8). The size rules are shared with the origin so
 * that width and height attributes always match the served image.
 */
import { isResizable } from './asset-types';
import type { Asset } from './content-schema';
import { DEFAULT_DENSITIES, SCREENS } from './rules/limits';

export type ImageFit = 'cover' | 'contain';
export type ImageFormat = 'webp' | 'jpeg' | 'png';

type Screen = keyof typeof SCREENS;

/** Served sizes are kept within these bounds (the origin clamps to the same). */
const IMAGE_SIZE_LIMITS = { min: 16, max: 3200 } as const;

export interface ImagePreset {
  width: number;
  /** Without height the image keeps the asset's aspect ratio. */
  height?: number;
  fit: ImageFit;
  format: ImageFormat;
}

/** Named presets; the components ask for a preset, never for raw sizes. */
export const IMAGE_PRESETS: Readonly<Record<string, ImagePreset>> = {
  hero: { width: 1536, height: 768, fit: 'cover', format: 'webp' },
  article: { width: 1024, height: 576, fit: 'cover', format: 'webp' },
  card: { width: 640, height: 360, fit: 'cover', format: 'webp' },
  thumbnail: { width: 320, height: 240, fit: 'cover', format: 'webp' },
  content: { width: 1280, fit: 'contain', format: 'webp' },
  logo: { width: 240, height: 80, fit: 'contain', format: 'webp' },
};

interface ImageModifiers {
  width: number;
  height: number;
  fit: ImageFit;
  format: ImageFormat;
  focalPoint?: { x: number; y: number } | undefined;
}

export interface ImageProvider {
  /** The URL of one rendered variant of an asset. */
  url(asset: Asset, modifiers: ImageModifiers): string;
}

/** Focal point as `x,y` with at most three decimals, so equal points give equal URLs. */
export function formatFocalPoint(point: { x: number; y: number }): string {
  const round = (value: number) => String(Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000);
  return `${round(point.x)},${round(point.y)}`;
}

/** The origin's /images endpoint (server/origin/images/image-routes.ts), same path on the site server. */
const originProvider: ImageProvider = {
  url(asset, modifiers) {
    const base = asset.dynamic_url ?? (asset.id ? `/images/${encodeURIComponent(asset.id)}` : asset.src);
    // Fixed parameter order: one variant, one URL, one cache entry.
    const params = [`w=${modifiers.width}`, `h=${modifiers.height}`, `fit=${modifiers.fit}`, `fm=${modifiers.format}`];
    if (modifiers.fit === 'cover' && modifiers.focalPoint) params.push(`fp=${formatFocalPoint(modifiers.focalPoint)}`);
    return `${base}${base.includes('?') ? '&' : '?'}${params.join('&')}`;
  },
};

const PROVIDERS: Readonly<Record<string, ImageProvider>> = { origin: originProvider };

/** A provider by name; an unknown name throws. */
export function getImageProvider(name: string): ImageProvider {
  const provider = Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
  if (!provider) throw new Error(`Unknown image provider: ${name}`);
  return provider;
}

/** A preset by name; an unknown name throws. */
export function getImagePreset(name: string): ImagePreset {
  const preset = Object.hasOwn(IMAGE_PRESETS, name) ? IMAGE_PRESETS[name] : undefined;
  if (!preset) throw new Error(`Unknown image preset: ${name}`);
  return preset;
}

export function clampImageSize(value: number): number {
  return Math.min(IMAGE_SIZE_LIMITS.max, Math.max(IMAGE_SIZE_LIMITS.min, Math.round(value)));
}

/**
 * The size of the image the origin serves for a source of `source` size: cover fills
 * the box exactly; contain fits the source inside it keeping its aspect ratio. A missing
 * side follows the source's aspect ratio.
 */
export function outputSize(
  source: { width: number; height: number },
  request: { width?: number | undefined; height?: number | undefined; fit: ImageFit },
): { width: number; height: number } {
  const aspect = source.width / source.height;
  const width = request.width ?? (request.height ? request.height * aspect : source.width);
  const height = request.height ?? width / aspect;
  if (request.fit === 'cover' || request.width === undefined || request.height === undefined) {
    return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
  }
  const scale = Math.min(width / source.width, height / source.height);
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

/**
 * The crop window of a cover resize: the source is scaled to cover the box, and the
 * box is placed so that the focal point is as near its centre as the edges allow.
 */
export function coverCrop(
  source: { width: number; height: number },
  box: { width: number; height: number },
  focalPoint: { x: number; y: number } = { x: 0.5, y: 0.5 },
): { scaledWidth: number; scaledHeight: number; left: number; top: number } {
  const scale = Math.max(box.width / source.width, box.height / source.height);
  const scaledWidth = Math.max(box.width, Math.round(source.width * scale));
  const scaledHeight = Math.max(box.height, Math.round(source.height * scale));
  const place = (focus: number, scaled: number, size: number) =>
    Math.min(scaled - size, Math.max(0, Math.round(focus * scaled - size / 2)));
  return {
    scaledWidth,
    scaledHeight,
    left: place(focalPoint.x, scaledWidth, box.width),
    top: place(focalPoint.y, scaledHeight, box.height),
  };
}

interface SizeEntry {
  screen: number | undefined;
  value: string;
}

/**
 * Parses `sizes` of the form "xs:100vw md:50vw 400px": a screen key means "up to this
 * viewport width"; a value without key (or else the largest key) is the default.
 */
export function parseSizes(sizes: string): SizeEntry[] {
  const entries = sizes
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part): SizeEntry => {
      const colon = part.indexOf(':');
      const value = colon === -1 ? part : part.slice(colon + 1);
      if (!/^\d+(\.\d+)?(vw|px)$/.test(value)) throw new Error(`Invalid image size "${part}" (use 100vw or 400px)`);
      if (colon === -1) return { screen: undefined, value };
      const key = part.slice(0, colon);
      if (!Object.hasOwn(SCREENS, key)) throw new Error(`Unknown screen "${key}" in image sizes`);
      return { screen: SCREENS[key as Screen], value };
    });
  if (entries.length === 0) throw new Error('Image sizes are empty');
  return entries.sort((a, b) => (a.screen ?? Infinity) - (b.screen ?? Infinity));
}

export interface ImageSources {
  src: string;
  srcSet?: string | undefined;
  sizes?: string | undefined;
  width: number;
  height: number;
}

export interface ImageSourceOptions {
  provider?: string;
  preset: string;
  /** Screen-keyed sizes, e.g. "xs:100vw lg:50vw 640px"; without it the srcset uses densities. */
  sizes?: string | undefined;
  densities?: readonly number[];
}

/**
 * The sources of each asset and options seen lately: a page's images are the same on every
 * render of it (and the layout's on every page), and working out their variants was a few
 * percent of a page's server render. Keyed by every field the sources are made of.
 */
const recentSources = new Map<string, ImageSources>();
const RECENT_SOURCES_MAX = 500;

/**
 * The src, srcset, sizes, width and height of an image for a preset. Raster images get
 * resized variants; SVG, PDF and video keep their source URL.
 */
export function buildImageSources(asset: Asset, options: ImageSourceOptions): ImageSources {
  const key = JSON.stringify([
    options.provider,
    options.preset,
    options.sizes,
    options.densities,
    asset.dynamic_url,
    asset.id,
    asset.src,
    asset.ext,
    asset.name,
    asset.width,
    asset.height,
    asset.focalPoint?.x,
    asset.focalPoint?.y,
  ]);
  const known = recentSources.get(key);
  if (known) return { ...known };
  const sources = computeImageSources(asset, options);
  // The oldest entry goes first (a Map keeps insertion order).
  if (recentSources.size >= RECENT_SOURCES_MAX) recentSources.delete(recentSources.keys().next().value!);
  recentSources.set(key, sources);
  return { ...sources };
}

/** `buildImageSources` without the memory of recent ones. */
export function computeImageSources(asset: Asset, options: ImageSourceOptions): ImageSources {
  const provider = getImageProvider(options.provider ?? 'origin');
  const preset = getImagePreset(options.preset);
  const densities = options.densities ?? DEFAULT_DENSITIES;
  if (densities.length === 0 || densities.some((density) => !(density > 0 && density <= 4))) {
    throw new Error(`Image densities must be between 0 and 4: ${densities.join(', ')}`);
  }
  const source = {
    width: asset.width ?? preset.width,
    height: asset.height ?? preset.height ?? preset.width,
  };
  const boxHeight = (width: number) => (preset.height ? (width * preset.height) / preset.width : undefined);
  const sizeAt = (width: number) => outputSize(source, { width, height: boxHeight(width), fit: preset.fit });
  const base = sizeAt(preset.width);

  if (!isResizable(asset)) {
    // Vectors, documents and video are served as they are; the box keeps the layout stable.
    const box = outputSize(source, { width: preset.width, height: preset.height, fit: 'contain' });
    return { src: asset.src, width: box.width, height: box.height };
  }

  /** One variant: the requested width is clamped first, so the height keeps the aspect ratio. */
  const variant = (width: number) => {
    const size = sizeAt(clampImageSize(width));
    const url = provider.url(asset, {
      width: clampImageSize(size.width),
      height: clampImageSize(size.height),
      fit: preset.fit,
      format: preset.format,
      focalPoint: asset.focalPoint,
    });
    return { url, width: size.width };
  };

  if (!options.sizes) {
    const seen = new Set<string>();
    const candidates = densities
      .map((density) => ({ density, url: variant(preset.width * density).url }))
      .filter((candidate) => !seen.has(candidate.url) && Boolean(seen.add(candidate.url)));
    return {
      src: variant(preset.width).url,
      srcSet: candidates.map(({ density, url }) => `${url} ${density}x`).join(', '),
      width: base.width,
      height: base.height,
    };
  }

  const entries = parseSizes(options.sizes);
  const widths = new Set<number>();
  let previousScreen = 0;
  for (const entry of entries) {
    const amount = Number.parseFloat(entry.value);
    const cssWidths: number[] = [];
    if (entry.value.endsWith('px')) cssWidths.push(amount);
    else {
      // A vw size covers every screen of its range, so a phone need not take the tablet's variant.
      const upTo = entry.screen ?? Infinity;
      for (const screen of Object.values(SCREENS)) {
        if (screen > previousScreen && screen <= upTo) cssWidths.push((screen * amount) / 100);
      }
      // The default is at most as wide as the preset (the layout never shows it wider).
      if (entry.screen === undefined) cssWidths.push((preset.width * amount) / 100);
    }
    if (entry.screen !== undefined) previousScreen = entry.screen;
    for (const cssWidth of cssWidths) {
      for (const density of densities) widths.add(clampImageSize(Math.min(cssWidth, preset.width) * density));
    }
  }
  const variants = new Map<string, number>();
  for (const width of [...widths].sort((a, b) => a - b)) {
    const { url, width: served } = variant(width);
    variants.set(url, served);
  }
  const keyed = entries.filter((entry) => entry.screen !== undefined);
  const fallback = entries.find((entry) => entry.screen === undefined) ?? keyed.pop();
  const sizes = [...keyed.map((entry) => `(max-width: ${entry.screen}px) ${entry.value}`), fallback?.value]
    .filter(Boolean)
    .join(', ');
  return {
    src: variant(preset.width).url,
    srcSet: [...variants].map(([url, width]) => `${url} ${width}w`).join(', '),
    sizes,
    width: base.width,
    height: base.height,
  };
}
