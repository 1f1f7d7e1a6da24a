/**
 * Images and assets (spec §3 Asset, §7 image provider, §9 assets): the origin's
 * /images endpoint through inject, and the same path through the site server (needs
 * the production build: run "npm run build" first, or set DIST_DIR).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetSchema, layoutSchema, pageSchema } from '#shared/content-schema';
import { readErrorBody } from '#shared/api/errors';
import { buildImageSources } from '#shared/image-url';
import { buildOriginApp } from '../../server/origin/app';
import { loadOriginConfig } from '../../server/origin/config';
import { openDatabase, type Db } from '../../server/origin/db';
import { readAssetIndex, resolveAssetReferences } from '../../server/origin/images/asset-files';
import { createAssetsRepository } from '../../server/origin/images/assets-repository';
import { byteRange, imageRoutes } from '../../server/origin/images/image-routes';
import { startOrigin, type RunningOrigin } from '../../server/origin/start';
import { buildSiteApp } from '../../server/site/app';
import { loadSiteConfig } from '../../server/site/config';
import { loadRenderer } from '../../server/site/renderer';
import { seededDatabaseEnv, seededDatabaseUrl } from './support/test-database';
import { TEST_PASSWORD_ENV } from './support/password-cost';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Left half pure red, right half pure blue: a crop shows which part it kept. */
const SPLIT_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900">' +
    '<rect width="800" height="900" fill="#ff0000"/><rect x="800" width="800" height="900" fill="#0000ff"/></svg>',
);

let dataDir: string;
let db: Db;
let origin: FastifyInstance;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'st1-images-test-'));
  db = openDatabase({ dataDir, databaseUrl: await seededDatabaseUrl('images', dataDir) });
  await createAssetsRepository(db).insert({
    asset: {
      id: 'test-split',
      alt: 'Red and blue halves',
      src: '/images/test-split',
      ext: 'png',
      type: 'image',
      width: 1600,
      height: 900,
      focalPoint: { x: 0.95, y: 0.5 },
    },
    sourceMime: 'image/svg+xml',
    source: SPLIT_SVG,
  });
  origin = buildOriginApp(db);
  await origin.ready();
});

afterAll(async () => {
  await origin?.close();
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function expectJsonError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(readErrorBody(response.json()).status).toBe(status);
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/** Mean red and blue of an image, 0..255. */
async function meanRedBlue(bytes: Buffer): Promise<{ red: number; blue: number }> {
  const { channels } = await sharp(bytes).stats();
  return { red: channels[0]!.mean, blue: channels[2]!.mean };
}

describe('assets: index and seed', () => {
  it('has every asset id docs/content-model.md promises, with a source file', async () => {
    const doc = readFileSync('docs/content-model.md', 'utf8');
    const listed = /Asset ids that exist:([\s\S]*?)\n\n/.exec(doc)?.[1] ?? '';
    const ids = [...listed.matchAll(/([a-z][a-z0-9-]+)(?: \([A-Z]+\))?[,.]/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThanOrEqual(21);
    const index = await readAssetIndex('content');
    for (const id of ids) expect(index.has(id!), id).toBe(true);
  });

  it('lists the true width and height of every image and vector source', async () => {
    for (const entry of (await readAssetIndex('content')).values()) {
      if (entry.sourceMime === 'application/pdf' || entry.asset.type === 'video') continue;
      const meta = await sharp(entry.sourcePath).metadata();
      expect([meta.width, meta.height], entry.asset.id).toEqual([entry.asset.width, entry.asset.height]);
    }
  });

  it('seeds the assets table with the spec §3 fields', async () => {
    const index = await readAssetIndex('content');
    const assets = createAssetsRepository(db);
    expect(await assets.count()).toBe(index.size + 1);
    const hero = await assets.findMeta('hero-fuel');
    expect(assetSchema.parse(hero?.asset)).toMatchObject({
      id: 'hero-fuel',
      src: '/images/hero-fuel',
      ext: 'png',
      type: 'image',
      width: 1600,
      height: 900,
      focalPoint: { x: expect.any(Number), y: expect.any(Number) },
      name: 'hero-fuel.png',
    });
    expect(hero?.asset.title).toBeTruthy();
    expect(hero?.asset.created).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect((await assets.findMeta('icon-quality'))?.asset.type).toBe('vector');
    expect((await assets.findMeta('video-car-wash'))?.asset.type).toBe('video');
    expect((await assets.findMeta('doc-price-list'))?.asset.size).toBe(
      readFileSync('content/assets/doc-price-list.pdf').length,
    );
  });

  it('resolves asset references anywhere in page or layout JSON, alt from the reference', async () => {
    const index = await readAssetIndex('content');
    const resolved = resolveAssetReferences(
      {
        body: [{ type: 'hero', image: { asset: 'hero-fuel', alt: 'Tankkauspiste' } }],
        logo: { asset: 'icon-quality' },
      },
      index,
      'test.json',
    ) as { body: Array<{ image: unknown }>; logo: unknown };
    expect(assetSchema.parse(resolved.body[0]!.image)).toMatchObject({
      id: 'hero-fuel',
      alt: 'Tankkauspiste',
      width: 1600,
    });
    expect(assetSchema.parse(resolved.logo)).toMatchObject({ id: 'icon-quality', alt: 'Quality badge' });
    expect(() => resolveAssetReferences({ image: { asset: 'no-such' } }, index, 'x.json')).toThrow(
      /x\.json: unknown asset "no-such"/,
    );
  });

  it('answers pages and layouts whose images are full assets', async () => {
    const layout = await origin.inject({ url: '/cms-view/v1/content/layout', headers: { 'x-st1-locale': 'fi-FI' } });
    expect(() => layoutSchema.parse(layout.json())).not.toThrow();
    const page = await origin.inject({ url: '/cms-view/v1/content/page', query: { path: '/' } });
    const images = JSON.stringify(pageSchema.parse(page.json())).match(/"asset":"/g);
    expect(images).toBeNull();
  });
});

describe('origin: GET /images/{id}', () => {
  it('answers WebP of the asked size with year-long immutable caching', async () => {
    const response = await origin.inject('/images/hero-fuel?w=640&h=360&fit=cover&fm=webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(isWebp(response.rawPayload)).toBe(true);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 360]);
  });

  it('serves every URL buildImageSources makes, at the width its srcset promises', async () => {
    const hero = (await createAssetsRepository(db).findMeta('article-biogas'))!.asset;
    const sources = buildImageSources(hero, { preset: 'card', densities: [1, 1.5, 2] });
    for (const candidate of sources.srcSet!.split(', ')) {
      const [url, descriptor] = candidate.split(' ');
      const response = await origin.inject(url!);
      expect(response.statusCode, url).toBe(200);
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.width).toBe(Math.round(640 * Number.parseFloat(descriptor!)));
      expect(meta.height).toBe(Math.round(360 * Number.parseFloat(descriptor!)));
    }
  });

  it('answers JPEG and PNG too, and the original format without fm', async () => {
    const jpeg = await origin.inject('/images/hero-food?w=320&h=180&fm=jpeg');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect([...jpeg.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const png = await origin.inject('/images/hero-food?w=320&fm=png');
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await sharp(png.rawPayload).metadata()).height).toBe(180);
    const original = await origin.inject('/images/hero-food');
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1600, 900]);
  });

  it('crops around the stored focal point: one near the right edge keeps the right part', async () => {
    const right = await meanRedBlue(
      (await origin.inject('/images/test-split?w=200&h=400&fit=cover&fm=png')).rawPayload,
    );
    expect(right.blue).toBeGreaterThan(250);
    expect(right.red).toBeLessThan(5);
    // The same crop around the centre shows both halves.
    const centre = await meanRedBlue(
      (await origin.inject('/images/test-split?w=200&h=400&fit=cover&fm=png&fp=0.5,0.5')).rawPayload,
    );
    expect(centre.red).toBeGreaterThan(100);
    expect(centre.blue).toBeGreaterThan(100);
  });

  it('takes the focal point of the URL over the stored one', async () => {
    const left = await meanRedBlue(
      (await origin.inject('/images/test-split?w=300&h=450&fit=cover&fm=png&fp=0.05,0.5')).rawPayload,
    );
    expect(left.red).toBeGreaterThan(250);
    expect(left.blue).toBeLessThan(5);
  });

  it('fits inside the box for contain, keeping the aspect ratio', async () => {
    const response = await origin.inject('/images/test-split?w=400&h=400&fit=contain&fm=webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 225]);
    const colours = await meanRedBlue(response.rawPayload);
    expect(colours.red).toBeGreaterThan(100);
    expect(colours.blue).toBeGreaterThan(100);
  });

  it('clamps sizes to 16..3200 px', async () => {
    const big = await sharp((await origin.inject('/images/test-split?w=9000&fm=webp')).rawPayload).metadata();
    expect([big.width, big.height]).toEqual([3200, 1800]);
    const small = await sharp((await origin.inject('/images/test-split?w=2&h=2&fm=png')).rawPayload).metadata();
    expect([small.width, small.height]).toEqual([16, 16]);
  });

  it.each([
    'w=abc',
    'w=-5',
    'w=1.5',
    'h=100000',
    'fit=stretch',
    'fm=gif',
    'fp=2,0.5',
    'fp=0.5',
    'width=300',
    'w=100&w=200',
  ])('answers 400 JSON for %s', async (query) => {
    const response = await origin.inject(`/images/hero-fuel?${query}`);
    expectJsonError(response, 400);
    expect(response.json().message).toMatch(/Invalid image parameters/);
  });

  it.each(['/images/no-such-asset', '/images/HERO-FUEL', '/images/..%2Fetc'])(
    'answers 404 JSON for %s',
    async (url) => {
      expectJsonError(await origin.inject(url), 404);
    },
  );

  it('serves SVG as vector, untouched and unable to run script', async () => {
    const response = await origin.inject('/images/icon-quality?w=40');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toBe(readFileSync('content/assets/icon-quality.svg', 'utf8'));
    expect(response.headers['content-security-policy']).toMatch(/sandbox/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves the PDF as it is', async () => {
    const response = await origin.inject('/images/doc-price-list');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.equals(readFileSync('content/assets/doc-price-list.pdf'))).toBe(true);
    expect(response.headers['content-disposition']).toMatch(/filename="doc-price-list\.pdf"/);
  });

  it('serves the video, whole or by byte range', async () => {
    const file = readFileSync('content/assets/video-car-wash.mp4');
    const whole = await origin.inject('/images/video-car-wash');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await origin.inject({ url: '/images/video-car-wash', headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(0, 100))).toBe(true);
    const beyond = await origin.inject({ url: '/images/video-car-wash', headers: { range: `bytes=${file.length}-` } });
    expect(beyond.statusCode).toBe(416);
  });

  it('parses byte ranges', () => {
    expect(byteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('invalid');
    expect(byteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(byteRange(undefined, 100)).toBeUndefined();
  });

  it('renders a variant once and answers repeats from memory', async () => {
    const repository = createAssetsRepository(db);
    let sourceReads = 0;
    const counting = {
      ...repository,
      findWithSource: (id: string) => {
        sourceReads += 1;
        return repository.findWithSource(id);
      },
    };
    const app = Fastify();
    imageRoutes(app, { assets: counting });
    const url = '/images/hero-app?w=200&h=200&fm=webp';
    const responses = await Promise.all([app.inject(url), app.inject(url)]);
    const again = await app.inject(url);
    expect(sourceReads).toBe(1);
    expect(responses[1]!.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    expect(again.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    await app.close();
  });
});

describe('site server: GET /images/* forwards to the origin', () => {
  const distDir = process.env.DIST_DIR ?? 'dist';
  let running: RunningOrigin;
  let site: FastifyInstance;
  let siteDataDir: string;

  beforeAll(async () => {
    if (!existsSync(join(distDir, 'build.json'))) {
      throw new Error('tests/integration/images.test.ts needs the production build: run "npm run build" first');
    }
    siteDataDir = mkdtempSync(join(tmpdir(), 'st1-images-site-'));
    running = await startOrigin(
      loadOriginConfig({
        DATA_DIR: siteDataDir,
        CONTENT_DIR: 'content',
        ...TEST_PASSWORD_ENV,
        ...(await seededDatabaseEnv('images_site', siteDataDir)),
      } as NodeJS.ProcessEnv),
    );
    const config = {
      ...loadSiteConfig({
        RENDER_CACHE_TTL_MS: '0',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        DIST_DIR: distDir,
      } as NodeJS.ProcessEnv),
      originUrl: running.url,
    };
    site = await buildSiteApp({ config, renderer: await loadRenderer(distDir) });
    await site.ready();
  });

  afterAll(async () => {
    await site?.close();
    await running?.close();
    if (siteDataDir) rmSync(siteDataDir, { recursive: true, force: true });
  });

  it('answers WebP with the dimensions asked and immutable caching', async () => {
    const response = await site.inject({
      url: '/images/hero-ev-charging?w=768&h=432&fit=cover&fm=webp',
      headers: { cookie: 'a=b' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(isWebp(response.rawPayload)).toBe(true);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([768, 432]);
  });

  it('keeps the focal-point crop of the origin', async () => {
    const fromSite = await site.inject('/images/hero-fuel?w=300&h=300&fit=cover&fm=png&fp=0.9,0.5');
    const fromOrigin = await origin.inject('/images/hero-fuel?w=300&h=300&fit=cover&fm=png&fp=0.9,0.5');
    const [a, b] = await Promise.all([
      sharp(fromSite.rawPayload).raw().toBuffer(),
      sharp(fromOrigin.rawPayload).raw().toBuffer(),
    ]);
    expect(a.equals(b)).toBe(true);
  });

  it('passes 400 and 404 JSON through without caching them', async () => {
    const bad = await site.inject('/images/hero-fuel?w=abc');
    expectJsonError(bad, 400);
    expect(bad.headers['cache-control']).toBe('no-store');
    const missing = await site.inject('/images/no-such-asset?w=100');
    expectJsonError(missing, 404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expectJsonError(await site.inject('/images/Bad_Id'), 404);
  });

  it('serves SVG, PDF and video byte ranges', async () => {
    const svg = await site.inject('/images/icon-quality');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const pdf = await site.inject('/images/doc-price-list');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const part = await site.inject({ url: '/images/video-car-wash', headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
  });
});
