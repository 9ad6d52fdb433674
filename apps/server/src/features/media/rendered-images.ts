// The bitmaps the media routes draw from the posters' SVG (sharp), kept in memory: every visitor of a list page asks
// for the same covers, and drawing one takes 20-40 ms of CPU, which a server shares with every other request.
// Keyed by the SVG itself (its hash), so a poster whose night, name or line-up changed is drawn again and a stale
// one is never served. Requests for an image being drawn wait for that drawing (lru-cache's fetch).
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

type Drawing = { svg: string; format: 'png' | 'webp'; width?: number };

// Posters in the app's widths weigh 5-60 KB each as WebP and a link preview's PNG about 100 KB; 64 MB holds every
// cover of the Madrid data in all its widths several times over.
const RENDERED_IMAGES_MAX_BYTES = 64 * 1024 * 1024;

async function draw({ svg, format, width }: Drawing): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  if (format === 'png') return image.png().toBuffer();
  return (width ? image.resize({ width }) : image).webp({ quality: 80 }).toBuffer();
}

export function renderedImages(maxBytes = RENDERED_IMAGES_MAX_BYTES) {
  const cache = new LRUCache<string, Buffer, Drawing>({
    maxSize: maxBytes,
    sizeCalculation: (image) => image.length,
    fetchMethod: (_key, _stale, { context }) => draw(context),
  });
  return {
    async bitmap(drawing: Drawing): Promise<Buffer> {
      const key = `${createHash('sha256').update(drawing.svg).digest('base64url')}:${drawing.format}:${drawing.width ?? ''}`;
      const image = await cache.fetch(key, { context: drawing });
      if (!image) throw new Error(`no image drawn for ${key}`);
      return image;
    },
    get size() {
      return { entries: cache.size, bytes: cache.calculatedSize };
    },
  };
}
