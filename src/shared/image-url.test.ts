import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Asset } from './content-schema';
import {
  IMAGE_PRESETS,
  buildImageSources,
  computeImageSources,
  coverCrop,
  formatFocalPoint,
  getImagePreset,
  getImageProvider,
  outputSize,
  parseSizes,
} from './image-url';

const hero: Asset = {
  id: 'hero-fuel',
  alt: 'A fuel pump',
  src: '/images/hero-fuel',
  ext: 'png',
  width: 1600,
  height: 900,
  focalPoint: { x: 0.8, y: 0.4 },
};

function query(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('image provider and presets', () => {
  it('throws on an unknown provider', () => {
    expect(() => getImageProvider('cloudinary')).toThrow(/Unknown image provider: cloudinary/);
    expect(() => buildImageSources(hero, { provider: 'imgix', preset: 'card' })).toThrow(/provider/);
  });

  it('throws on an unknown preset, also for names of Object.prototype', () => {
    expect(() => getImagePreset('poster')).toThrow(/Unknown image preset: poster/);
    expect(() => getImagePreset('toString')).toThrow(/Unknown image preset/);
    expect(() => buildImageSources(hero, { preset: 'huge' })).toThrow(/preset/);
  });

  it('knows the presets the components use', () => {
    for (const name of ['hero', 'card', 'article', 'thumbnail', 'logo', 'content']) {
      expect(getImagePreset(name)).toBe(IMAGE_PRESETS[name]);
    }
  });
});

describe('buildImageSources with densities', () => {
  it('gives 1x and 2x webp variants by default, cropped around the focal point', () => {
    const sources = buildImageSources(hero, { preset: 'card' });
    expect(sources.width).toBe(640);
    expect(sources.height).toBe(360);
    expect(sources.src).toBe('/images/hero-fuel?w=640&h=360&fit=cover&fm=webp&fp=0.8,0.4');
    expect(sources.srcSet).toBe(
      '/images/hero-fuel?w=640&h=360&fit=cover&fm=webp&fp=0.8,0.4 1x, ' +
        '/images/hero-fuel?w=1280&h=720&fit=cover&fm=webp&fp=0.8,0.4 2x',
    );
    expect(sources.sizes).toBeUndefined();
  });

  it('supports 1.5x', () => {
    const sources = buildImageSources(hero, { preset: 'card', densities: [1, 1.5, 2] });
    const parts = sources.srcSet?.split(', ') ?? [];
    expect(parts).toHaveLength(3);
    expect(parts[1]).toMatch(/ 1\.5x$/);
    expect(query(parts[1]!.split(' ')[0]!)).toMatchObject({ w: '960', h: '540' });
  });

  it('clamps a density variant to the size limit and keeps the aspect ratio', () => {
    const sources = buildImageSources(hero, { preset: 'hero', densities: [1, 3] });
    const big = query(sources.srcSet!.split(', ')[1]!.split(' ')[0]!);
    expect(big).toMatchObject({ w: '3200', h: '1600' });
  });

  it('leaves out the focal point without one and for contain', () => {
    const plain = buildImageSources({ ...hero, focalPoint: undefined }, { preset: 'card' });
    expect(query(plain.src).fp).toBeUndefined();
    const contained = buildImageSources(hero, { preset: 'logo' });
    expect(query(contained.src)).toMatchObject({ fit: 'contain', w: '142', h: '80' });
    expect(query(contained.src).fp).toBeUndefined();
    expect([contained.width, contained.height]).toEqual([142, 80]);
  });

  it('keeps the aspect ratio of the asset for a preset without height', () => {
    const sources = buildImageSources(hero, { preset: 'content' });
    expect([sources.width, sources.height]).toEqual([1280, 720]);
  });

  it('rejects nonsense densities', () => {
    expect(() => buildImageSources(hero, { preset: 'card', densities: [] })).toThrow();
    expect(() => buildImageSources(hero, { preset: 'card', densities: [0] })).toThrow();
  });
});

describe('buildImageSources with screen sizes', () => {
  it('builds width descriptors from the screens and a sizes attribute', () => {
    const sources = buildImageSources(hero, { preset: 'card', sizes: 'xs:100vw md:50vw 640px' });
    expect(sources.sizes).toBe('(max-width: 320px) 100vw, (max-width: 768px) 50vw, 640px');
    const widths = sources.srcSet!.split(', ').map((part) => part.split(' ')[1]);
    // 320 and 384 and 640 at 1x and 2x: 320, 384, 640, 768, 1280.
    expect(widths).toEqual(['320w', '384w', '640w', '768w', '1280w']);
    for (const part of sources.srcSet!.split(', ')) {
      const [url, descriptor] = part.split(' ');
      const params = query(url!);
      expect(`${params.w}w`).toBe(descriptor);
      expect(Number(params.h)).toBe(Math.round((Number(params.w) * 360) / 640));
      expect(params.fp).toBe('0.8,0.4');
    }
  });

  it('gives every screen of a vw range its own variant, never wider than the preset at 1x', () => {
    const sources = buildImageSources(hero, { preset: 'hero', sizes: 'md:100vw 50vw' });
    const widths = sources.srcSet!.split(', ').map((part) => Number.parseInt(part.split(' ')[1]!, 10));
    // md:100vw → 320, 640, 768 (×1, ×2); 50vw above md → 512, 640, 768 (×1, ×2).
    expect(widths).toEqual([320, 512, 640, 768, 1024, 1280, 1536]);
  });

  it('uses the largest screen as the default when no bare value is given', () => {
    const sources = buildImageSources(hero, { preset: 'hero', sizes: 'sm:100vw xxl:100vw' });
    expect(sources.sizes).toBe('(max-width: 640px) 100vw, 100vw');
  });

  it('rejects unknown screens and malformed sizes', () => {
    expect(() => parseSizes('tablet:100vw')).toThrow(/Unknown screen/);
    expect(() => parseSizes('md:50%')).toThrow(/Invalid image size/);
  });
});

describe('vectors, documents and video keep their source', () => {
  it('renders an SVG from its original URL, sized to the preset box', () => {
    const icon: Asset = { id: 'icon-quality', alt: '', src: '/images/icon-quality', ext: 'svg', width: 96, height: 96 };
    const sources = buildImageSources(icon, { preset: 'thumbnail' });
    expect(sources).toEqual({ src: '/images/icon-quality', width: 240, height: 240 });
  });

  it('does not resize a PDF', () => {
    const pdf: Asset = { id: 'doc', alt: '', src: '/images/doc', ext: 'pdf', width: 595, height: 842 };
    expect(buildImageSources(pdf, { preset: 'card' }).srcSet).toBeUndefined();
  });
});

describe('size rules shared with the origin', () => {
  it('cover fills the box; contain fits inside it', () => {
    expect(outputSize({ width: 1600, height: 900 }, { width: 400, height: 400, fit: 'cover' })).toEqual({
      width: 400,
      height: 400,
    });
    expect(outputSize({ width: 1600, height: 900 }, { width: 400, height: 400, fit: 'contain' })).toEqual({
      width: 400,
      height: 225,
    });
    expect(outputSize({ width: 1600, height: 900 }, { height: 90, fit: 'cover' })).toEqual({ width: 160, height: 90 });
  });

  it('places the crop window around the focal point within the edges', () => {
    const source = { width: 1600, height: 900 };
    const box = { width: 900, height: 900 };
    expect(coverCrop(source, box, { x: 0.5, y: 0.5 }).left).toBe(350);
    expect(coverCrop(source, box, { x: 0.95, y: 0.5 }).left).toBe(700);
    expect(coverCrop(source, box, { x: 0, y: 0.5 }).left).toBe(0);
    expect(coverCrop(source, { width: 1600, height: 400 }, { x: 0.5, y: 0.1 }).top).toBe(0);
    expect(coverCrop(source, { width: 1600, height: 400 }, { x: 0.5, y: 0.9 }).top).toBe(500);
  });

  it('formats focal points with three decimals at most', () => {
    expect(formatFocalPoint({ x: 0.33333, y: 1.2 })).toBe('0.333,1');
  });
});

describe('the memory of recent image sources', () => {
  it('gives what working them out gives, for any asset and options, again and again', () => {
    const asset = fc.record({
      id: fc.constantFrom('hero-fuel', 'card', 'a b'),
      alt: fc.constant(''),
      src: fc.constantFrom('/images/hero-fuel', '/images/logo.svg', '/files/price-list.pdf'),
      ext: fc.constantFrom('png', 'svg', 'pdf', 'jpg'),
      width: fc.option(fc.integer({ min: 1, max: 4000 }), { nil: undefined }),
      height: fc.option(fc.integer({ min: 1, max: 4000 }), { nil: undefined }),
      focalPoint: fc.option(
        fc.record({ x: fc.double({ min: 0, max: 1, noNaN: true }), y: fc.double({ min: 0, max: 1, noNaN: true }) }),
        {
          nil: undefined,
        },
      ),
      dynamic_url: fc.option(fc.constantFrom('/images/hero-fuel', '/img?x=1'), { nil: undefined }),
    }) as fc.Arbitrary<Asset>;
    const options = fc.record({
      preset: fc.constantFrom(...Object.keys(IMAGE_PRESETS)),
      sizes: fc.option(fc.constantFrom('100vw', 'xs:100vw md:50vw 640px', '320px'), { nil: undefined }),
      densities: fc.option(fc.constantFrom([1], [1, 2], [1, 1.5, 2]), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(asset, options), { minLength: 1, maxLength: 5 }), (cases) => {
        for (let round = 0; round < 2; round++)
          for (const [image, settings] of cases)
            expect(buildImageSources(image, settings)).toEqual(computeImageSources(image, settings));
      }),
      { numRuns: 300 },
    );
  });

  it("hands out copies: a caller changing its sources changes no one else's", () => {
    const first = buildImageSources(hero, { preset: 'card' });
    first.src = 'changed';
    expect(buildImageSources(hero, { preset: 'card' }).src).not.toBe('changed');
  });
});
