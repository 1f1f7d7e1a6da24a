/**
 * GET /images/{id}: assets for the browser (spec §7 image provider). Raster assets are
 * resized on request (?w=&h=&fit=cover|contain&fm=webp|jpeg|png&fp=x,y); SVG, PDF and
 * video are served as stored. The URL carries every parameter, so every answer is
 * cacheable for a year; rendered variants are kept in a memory LRU.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { zodRoutes } from '../../common/zod-routes';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { isResizable } from '#shared/asset-types';
import { clampImageSize, type ImageFormat } from '#shared/image-url';
import { notFound } from '../errors';
import { CONTENT_TYPES, renderImage, type RenderRequest } from './render-image';
import type { AssetsRepository, StoredAsset } from './assets-repository';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const dimension = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a whole number of pixels')
  .transform((value) => clampImageSize(Number(value)));

const imageQuery = z
  .object({
    w: dimension.optional(),
    h: dimension.optional(),
    fit: z.enum(['cover', 'contain']).optional(),
    fm: z.enum(['webp', 'jpeg', 'jpg', 'png']).optional(),
    fp: z
      .string()
      .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?),(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'must be x,y with both in 0..1')
      .optional(),
  })
  .strict()
  .describe('image parameters');

/** Without fm a variant keeps the asset's own format (GIF sources become PNG). */
const NATURAL_FORMAT: Record<string, ImageFormat> = { jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp', png: 'png', gif: 'png' };

const idParam = z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/) });

/** A single `bytes=` range of RFC 9110 §14.1.2; several ranges are answered whole. */
export function byteRange(
  header: string | undefined,
  length: number,
): { start: number; end: number } | 'invalid' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first = '', last = ''] = match;
  const start = first === '' ? Math.max(0, length - Number(last)) : Number(first);
  const end = first === '' || last === '' ? length - 1 : Math.min(Number(last), length - 1);
  return start > end || start >= length ? 'invalid' : { start, end };
}

/** An answer cacheable for a year: the URL names the asset's version and every parameter. */
function send(reply: FastifyReply, body: Buffer, type: string, extra: Record<string, string> = {}) {
  return reply
    .header('content-type', type)
    .header('cache-control', IMMUTABLE)
    .header('etag', `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`)
    .header('x-content-type-options', 'nosniff')
    .headers(extra)
    .send(body);
}

/** Vectors, documents and video are served as they are (spec §9); parameters are ignored. */
async function sendAsStored(
  assets: Pick<AssetsRepository, 'findWithSource'>,
  asset: StoredAsset['asset'],
  rangeHeader: string | undefined,
  reply: FastifyReply,
) {
  const whole = await assets.findWithSource(asset.id);
  if (!whole) throw notFound(`No such asset: ${asset.id}`);
  const extra: Record<string, string> = {};
  if (asset.type === 'vector') {
    // An SVG opened on its own must not run script or load anything.
    extra['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  }
  if (asset.ext === 'pdf') extra['content-disposition'] = `inline; filename="${asset.name ?? `${asset.id}.pdf`}"`;
  if (asset.type === 'video') {
    // Safari plays video only from a server that answers byte ranges.
    extra['accept-ranges'] = 'bytes';
    const range = byteRange(rangeHeader, whole.source.length);
    if (range === 'invalid') {
      return reply
        .status(416)
        .header('content-range', `bytes */${whole.source.length}`)
        .send({ status: 416, code: 'RANGE_NOT_SATISFIABLE', message: 'Range not satisfiable' });
    }
    if (range) {
      reply.status(206);
      extra['content-range'] = `bytes ${range.start}-${range.end}/${whole.source.length}`;
      return send(reply, whole.source.subarray(range.start, range.end + 1), whole.sourceMime, extra);
    }
  }
  return send(reply, whole.source, whole.sourceMime, extra);
}

export interface ImageRoutesOptions {
  assets: AssetsRepository;
  /** Bytes of rendered variants kept in memory. */
  cacheBytes?: number;
}

export function imageRoutes(app: FastifyInstance, options: ImageRoutesOptions) {
  const variants = new LRUCache<string, Buffer, { asset: Omit<StoredAsset, 'source'>; request: RenderRequest }>({
    maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (buffer) => Math.max(1, buffer.length),
    // fetch() shares one render between concurrent requests for the same variant.
    fetchMethod: async (_key, _stale, { context }) => {
      // The source is read only when a variant is not cached yet.
      const stored = await options.assets.findWithSource(context.asset.asset.id);
      if (!stored) throw notFound(`No such asset: ${context.asset.asset.id}`);
      return renderImage(
        {
          bytes: stored.source,
          mime: stored.sourceMime,
          width: stored.asset.width ?? 1,
          height: stored.asset.height ?? 1,
        },
        context.request,
      );
    },
  });

  // The id is checked here, not in the schema: an id that cannot exist is a 404 like any
  // unknown asset, not a 400.
  zodRoutes(app).get('/images/:id', { schema: { querystring: imageQuery } }, async (request, reply) => {
    const params = idParam.safeParse(request.params);
    if (!params.success) throw notFound('No such asset');

    const stored = await options.assets.findMeta(params.data.id);
    if (!stored) throw notFound(`No such asset: ${params.data.id}`);
    const { asset } = stored;

    if (!isResizable(asset)) return sendAsStored(options.assets, asset, request.headers.range, reply);

    const { w, h, fit, fm, fp } = request.query;
    const [fx, fy] = fp ? fp.split(',').map(Number) : [asset.focalPoint?.x ?? 0.5, asset.focalPoint?.y ?? 0.5];
    const format: ImageFormat = fm === 'jpg' ? 'jpeg' : (fm ?? NATURAL_FORMAT[asset.ext] ?? 'png');
    const renderRequest: RenderRequest = {
      width: w,
      height: h,
      fit: fit ?? 'cover',
      format,
      focalPoint: { x: fx ?? 0.5, y: fy ?? 0.5 },
    };
    const key = [asset.id, stored.updatedAt, w, h, renderRequest.fit, format, fx, fy].join('|');
    const body = await variants.fetch(key, { context: { asset: stored, request: renderRequest } });
    if (!body) throw new Error(`Rendering ${asset.id} gave no image`);
    return send(reply, body, CONTENT_TYPES[format]);
  });
}
