/**
 * Rasterises the app icons of the web app manifests and iOS from the two SVG sources in
 * public/icons (run after changing them: `npx tsx scripts/generate-pwa-icons.ts`; the
 * PNG files are committed, so builds need no image tooling):
 * - app-icon.svg → icon-192.png, icon-512.png (purpose "any": rounded, transparent corners)
 * - app-icon-maskable.svg → icon-maskable-192.png, icon-maskable-512.png (purpose
 *   "maskable": full bleed, letters in the safe zone) and apple-touch-icon.png (180 px;
 *   iOS wants an opaque square and rounds it itself).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const dir = join(import.meta.dirname, '..', 'public', 'icons');

const OUTPUTS: Array<{ source: string; file: string; size: number }> = [
  { source: 'app-icon.svg', file: 'icon-192.png', size: 192 },
  { source: 'app-icon.svg', file: 'icon-512.png', size: 512 },
  { source: 'app-icon-maskable.svg', file: 'icon-maskable-192.png', size: 192 },
  { source: 'app-icon-maskable.svg', file: 'icon-maskable-512.png', size: 512 },
  { source: 'app-icon-maskable.svg', file: 'apple-touch-icon.png', size: 180 },
];

for (const { source, file, size } of OUTPUTS) {
  const svg = readFileSync(join(dir, source));
  // Rendered at the target size (density scales the 512-unit SVG), not scaled down from a bitmap.
  const info = await sharp(svg, { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(dir, file));
  console.log(`${file}: ${info.width}×${info.height}, ${info.size} bytes`);
}
