import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { I18n } from '@lingui/core';
import { createI18n } from '@/i18n/catalogs';
import type { Asset } from '#shared/content-schema';
import { CmsImage } from './cms-image';
import { CmsVideo } from './cms-video';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n('en-EU');
});

function render(element: ReactElement): string {
  return renderToString(<I18nProvider i18n={i18n}>{element}</I18nProvider>);
}

const hero: Asset = {
  id: 'hero-fuel',
  alt: 'A fuel pump',
  src: '/images/hero-fuel',
  ext: 'png',
  width: 1600,
  height: 900,
  focalPoint: { x: 0.62, y: 0.6 },
};

describe('CmsImage', () => {
  it('renders width, height, alt, lazy loading and async decoding by default', () => {
    const html = render(<CmsImage asset={hero} preset="card" />);
    expect(html).toMatch(/^<img /);
    expect(html).toContain('width="640"');
    expect(html).toContain('height="360"');
    expect(html).toContain('alt="A fuel pump"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('class="cms-image cms-image--cover"');
    expect(html).toContain('srcSet="/images/hero-fuel?w=640&amp;h=360&amp;fit=cover&amp;fm=webp&amp;fp=0.62,0.6 1x');
    expect(html).not.toContain('style=');
  });

  it('takes loading, decoding, fill, sizes and a class', () => {
    const html = render(
      <CmsImage
        asset={hero}
        preset="hero"
        loading="eager"
        decoding="sync"
        fill="contain"
        sizes="md:100vw 1536px"
        className="hero__image"
      />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('decoding="sync"');
    expect(html).toContain('class="cms-image cms-image--contain hero__image"');
    expect(html).toContain('sizes="(max-width: 768px) 100vw, 1536px"');
    expect(html).toMatch(/ 768w/);
  });

  it('loads a priority image eagerly with high fetch priority', () => {
    const html = render(<CmsImage asset={hero} preset="hero" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/fetchpriority="high"/i);
  });

  it('throws on an unknown preset (spec §8)', () => {
    expect(() => render(<CmsImage asset={hero} preset="poster" />)).toThrow(/Unknown image preset/);
  });

  it('renders an SVG as an <img> of the original with width and height', () => {
    const html = render(
      <CmsImage
        asset={{ id: 'icon-quality', alt: 'Quality', src: '/images/icon-quality', ext: 'svg', width: 96, height: 96 }}
        preset="thumbnail"
      />,
    );
    expect(html).toContain('src="/images/icon-quality"');
    expect(html).not.toContain('srcSet');
    expect(html).toContain('width="240"');
    expect(html).toContain('height="240"');
    expect(html).toContain('cms-image--vector');
  });

  it('renders a PDF as a download link with title, type and size', () => {
    const html = render(
      <CmsImage
        asset={{
          id: 'doc-price-list',
          title: 'Price list',
          alt: '',
          src: '/images/doc-price-list',
          ext: 'pdf',
          name: 'doc-price-list.pdf',
          size: 1918,
        }}
        preset="card"
      />,
    );
    expect(html).toMatch(/^<a class="cms-document" href="\/images\/doc-price-list" download="doc-price-list.pdf">/);
    expect(html).toContain('Download: Price list');
    expect(html).toContain('(PDF, 2 KB)');
  });

  it('offers a video asset in an image slot as a file (the video block plays videos)', () => {
    const html = render(<CmsImage asset={{ id: 'v', alt: 'Foam', src: '/images/v', ext: 'mp4' }} preset="card" />);
    expect(html).not.toContain('<video');
    expect(html).toMatch(/^<a class="cms-document" href="\/images\/v"/);
  });
});

describe('CmsVideo', () => {
  it('autoplays muted and looping inline in a 16:9 box 1920 wide, with a pause button', () => {
    const html = render(<CmsVideo asset={{ id: 'v', alt: 'Foam', src: '/images/video-car-wash', ext: 'mp4' }} />);
    expect(html).toContain('class="cms-video"');
    expect(html).toMatch(/<video[^>]*autoplay=""/i);
    expect(html).toMatch(/<video[^>]*loop=""/);
    expect(html).toMatch(/<video[^>]*muted=""/);
    expect(html).toMatch(/<video[^>]*playsinline=""/i);
    expect(html).toContain('width="1920"');
    expect(html).toContain('height="1080"');
    expect(html).toContain('aria-label="Foam"');
    expect(html).toContain('<source src="/images/video-car-wash" type="video/mp4"/>');
    expect(html).toMatch(/<button type="button" class="cms-video__toggle">Pause video<\/button>/);
  });

  it('offers play when it does not autoplay, and knows webm', () => {
    const html = render(
      <CmsVideo asset={{ id: 'v', alt: '', title: 'Clip', src: '/media/clip.webm' }} autoPlay={false} />,
    );
    expect(html).not.toMatch(/autoplay/i);
    expect(html).toContain('type="video/webm"');
    expect(html).toContain('aria-label="Clip"');
    expect(html).toContain('Play video');
  });
});
