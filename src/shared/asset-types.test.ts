import { describe, expect, it } from 'vitest';
import { assetExtension, assetKind, assetKindOfExtension, isDocument, isResizable, mimeTypeOf } from './asset-types';

describe('asset type mapping', () => {
  it.each([
    ['jpeg', 'image'],
    ['jpg', 'image'],
    ['gif', 'image'],
    ['png', 'image'],
    ['webp', 'image'],
    ['pdf', 'image'],
    ['svg', 'vector'],
    ['mp4', 'video'],
    ['webm', 'video'],
    ['JPG', 'image'],
    ['.svg', 'vector'],
  ])('%s is %s', (ext, kind) => {
    expect(assetKindOfExtension(ext)).toBe(kind);
  });

  it('knows no other extension', () => {
    expect(assetKindOfExtension('exe')).toBeUndefined();
    expect(assetKindOfExtension('tiff')).toBeUndefined();
    expect(assetKind({ src: '/x', ext: 'zip' })).toBeUndefined();
  });

  it('takes the extension from ext, then name, then src', () => {
    expect(assetExtension({ src: '/images/a', ext: 'PNG', name: 'a.svg' })).toBe('png');
    expect(assetExtension({ src: '/images/a', name: 'price-list.pdf' })).toBe('pdf');
    expect(assetExtension({ src: '/media/clip.webm?v=2' })).toBe('webm');
    expect(assetExtension({ src: '/images/hero-fuel' })).toBeUndefined();
  });

  it('treats an asset without extension as an image', () => {
    expect(assetKind({ src: '/images/hero-fuel' })).toBe('image');
  });

  it('renders PDFs as documents and resizes only raster images', () => {
    expect(isDocument({ src: '/x', ext: 'pdf' })).toBe(true);
    expect(isResizable({ src: '/x', ext: 'pdf' })).toBe(false);
    expect(isResizable({ src: '/x', ext: 'svg' })).toBe(false);
    expect(isResizable({ src: '/x', ext: 'mp4' })).toBe(false);
    expect(isResizable({ src: '/x', ext: 'png' })).toBe(true);
  });

  it('gives media types', () => {
    expect(mimeTypeOf('svg')).toBe('image/svg+xml');
    expect(mimeTypeOf('webm')).toBe('video/webm');
    expect(mimeTypeOf('bmp')).toBeUndefined();
  });
});
