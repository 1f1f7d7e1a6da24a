/**
 * Renders one variant of a raster asset with sharp: SVG sources are rasterized at the
 * density the variant needs (so they stay sharp at 2x), then scaled and, for cover,
 * cropped around the focal point (coverCrop in src/shared/image-url.ts, the same rule
 * the browser side uses for width and height).
 */
import sharp, { type Sharp } from 'sharp';
import { coverCrop, outputSize, type ImageFit, type ImageFormat } from '#shared/image-url';

export interface RenderRequest {
  width?: number | undefined;
  height?: number | undefined;
  fit: ImageFit;
  format: ImageFormat;
  focalPoint: { x: number; y: number };
}

export interface SourceImage {
  bytes: Buffer;
  mime: string;
  width: number;
  height: number;
}

const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 82, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, palette: false }),
};

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** sharp rasterizes an SVG at 72 dpi per viewBox unit; this density scales it instead of upsampling pixels. */
function open(source: SourceImage, scale: number): Sharp {
  if (source.mime === 'image/svg+xml') {
    return sharp(source.bytes, { density: Math.min(72 * Math.max(scale, 0.05), 10_000) });
  }
  return sharp(source.bytes);
}

export async function renderImage(source: SourceImage, request: RenderRequest): Promise<Buffer> {
  const natural = { width: source.width, height: source.height };
  const size = outputSize(natural, request);
  let image: Sharp;
  if (request.fit === 'cover' && request.width !== undefined && request.height !== undefined) {
    const crop = coverCrop(natural, size, request.focalPoint);
    image = open(source, crop.scaledWidth / natural.width)
      .resize(crop.scaledWidth, crop.scaledHeight, { fit: 'fill' })
      .extract({ left: crop.left, top: crop.top, width: size.width, height: size.height });
  } else {
    image = open(source, size.width / natural.width).resize(size.width, size.height, { fit: 'fill' });
  }
  return ENCODERS[request.format](image.rotate()).toBuffer();
}
