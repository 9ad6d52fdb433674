// The demo seed's three snapshots get real photos, drawn here with sharp from SVG (no network): a "front camera"
// portrait and a "back camera" view of the dance floor each, stored through the storage interface like a post.
import sharp from 'sharp';
import type { FileStorage } from '../storage/file-storage.ts';
import { storeSnapshotPhotos } from '../features/wall/index.ts';

const SCENES = [
  { sky: ['#7c3aed', '#db2777'], face: '#f1c7a5', hair: '#2b1b12', lights: '#22d3ee' },
  { sky: ['#0ea5e9', '#6366f1'], face: '#d9a67e', hair: '#111827', lights: '#f472b6' },
  { sky: ['#f97316', '#be123c'], face: '#eec1a0', hair: '#7c2d12', lights: '#a3e635' },
];

function frontSvg(n: number): string {
  const s = SCENES[n % SCENES.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient></defs>
  <rect width="720" height="960" fill="url(#g)"/>
  <ellipse cx="360" cy="1000" rx="300" ry="260" fill="#111827"/>
  <ellipse cx="360" cy="430" rx="190" ry="230" fill="${s.hair}"/>
  <ellipse cx="360" cy="470" rx="150" ry="185" fill="${s.face}"/>
  <circle cx="305" cy="440" r="16" fill="#1f2937"/><circle cx="415" cy="440" r="16" fill="#1f2937"/>
  <path d="M295 540 Q360 600 425 540" stroke="#9f1239" stroke-width="14" fill="none" stroke-linecap="round"/>
</svg>`;
}

function backSvg(n: number): string {
  const s = SCENES[n % SCENES.length]!;
  const beams = Array.from({ length: 7 }, (_, i) => {
    const x = 80 + i * 200;
    return `<polygon points="${x},0 ${x + 60},0 ${x + 260 - i * 40},900 ${x - 140 + i * 30},900" fill="${i % 2 ? s.lights : s.sky[1]}" opacity="0.35"/>`;
  }).join('');
  const crowd = Array.from({ length: 22 }, (_, i) => {
    const x = 30 + i * 62;
    const h = 160 + ((i * 37) % 90);
    return `<ellipse cx="${x}" cy="${900 - h}" rx="34" ry="40" fill="#0b0b14"/><rect x="${x - 44}" y="${940 - h}" width="88" height="${h}" rx="30" fill="#0b0b14"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="1080">
  <rect width="1440" height="1080" fill="#0f0a1e"/>${beams}
  <rect x="560" y="250" width="320" height="120" rx="16" fill="#111827" stroke="${s.lights}" stroke-width="6"/>
  <circle cx="720" cy="120" r="60" fill="${s.lights}" opacity="0.8"/>${crowd}
</svg>`;
}

async function photoFrom(svg: string, full: number, thumb: number) {
  const fullImage = await sharp(Buffer.from(svg))
    .resize(full, full, { fit: 'inside' })
    .webp({ quality: 80 })
    .toBuffer();
  const thumbImage = await sharp(fullImage)
    .resize(thumb, thumb, { fit: 'inside' })
    .webp({ quality: 74 })
    .toBuffer();
  return { full: fullImage, thumb: thumbImage };
}

export async function storeDemoSnapshotPhotos(
  storage: FileStorage,
  mediaId: string,
  n: number,
): Promise<void> {
  const [front, back] = await Promise.all([
    photoFrom(frontSvg(n), 1440, 480),
    photoFrom(backSvg(n), 1440, 480),
  ]);
  await storeSnapshotPhotos(storage, mediaId, { front, back });
}
