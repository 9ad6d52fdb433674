// Renders the PWA's PNG icons from the SVG sources in public/icons (run: node apps/web/scripts/render-icons.ts).
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(import.meta.dirname, '../public/icons');
const jobs: [source: string, out: string, size: number][] = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
];
for (const [source, out, size] of jobs) {
  await sharp(path.join(dir, source), { density: 384 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, out));
  console.log(`${out} ${size}x${size}`);
}
