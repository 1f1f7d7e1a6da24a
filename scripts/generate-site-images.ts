/**
 * Rasterises the site's fixed images from SVG sources (run after changing them:
 * `npx tsx scripts/generate-site-images.ts`; the outputs are committed, so builds need no
 * image tooling, as with scripts/generate-pwa-icons.ts):
 * - public/icons/app-icon.svg → public/favicon.ico (16, 32 and 48 px) for browsers and
 *   crawlers that ask for /favicon.ico whatever the page says;
 * - public/images/og-default.svg → public/images/og-default.png (1200×630), the og:image
 *   of pages without an image of their own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = join(import.meta.dirname, '..', 'public');

async function png(svgFile: string, width: number, height: number, sourceWidth: number): Promise<Buffer> {
  return sharp(readFileSync(svgFile), { density: (72 * width) / sourceWidth })
    .resize(width, height)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * An ICO file whose images are PNGs (allowed since Windows Vista and read by every
 * browser): a 6-byte header, a 16-byte directory entry per image, then the images.
 * https://learn.microsoft.com/en-us/previous-versions/ms997538(v=msdn.10)
 */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}

const iconSource = join(publicDir, 'icons', 'app-icon.svg');
const sizes = [16, 32, 48];
const favicon = ico(
  await Promise.all(sizes.map(async (size) => ({ size, data: await png(iconSource, size, size, 512) }))),
);
writeFileSync(join(publicDir, 'favicon.ico'), favicon);
console.log(`favicon.ico: ${sizes.join(', ')} px, ${favicon.length} bytes`);

const og = await png(join(publicDir, 'images', 'og-default.svg'), 1200, 630, 1200);
writeFileSync(join(publicDir, 'images', 'og-default.png'), og);
console.log(`images/og-default.png: 1200×630, ${og.length} bytes`);
