// The media routes' kept bitmaps: a poster is drawn once however many ask for it, drawn again when its SVG changes,
// and the memory they take stays under its limit.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderedImages } from './rendered-images.ts';

const poster = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#1b1030"/>` +
  `<text x="60" y="300" font-size="96" fill="#c084fc">${text}</text></svg>`;

describe('rendered images', () => {
  it('draws a poster once: later and simultaneous requests get the same bitmap', async () => {
    const images = renderedImages();
    const drawing = { svg: poster('Noche de Riffs'), format: 'webp' as const, width: 480 };
    const [first, together] = await Promise.all([images.bitmap(drawing), images.bitmap({ ...drawing })]);
    const later = await images.bitmap({ ...drawing });
    // The very same buffer, not an equal one drawn again.
    expect(together).toBe(first);
    expect(later).toBe(first);
    expect(images.size.entries).toBe(1);
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 252]);
  });

  it('draws again when the poster, the format or the width changes', async () => {
    const images = renderedImages();
    const webp = await images.bitmap({ svg: poster('Noche de Riffs'), format: 'webp', width: 480 });
    const renamed = await images.bitmap({ svg: poster('Noche de Vinilos'), format: 'webp', width: 480 });
    const wider = await images.bitmap({ svg: poster('Noche de Riffs'), format: 'webp', width: 800 });
    const png = await images.bitmap({ svg: poster('Noche de Riffs'), format: 'png' });
    expect(renamed.equals(webp)).toBe(false);
    expect((await sharp(wider).metadata()).width).toBe(800);
    expect((await sharp(png).metadata()).format).toBe('png');
    expect(images.size.entries).toBe(4);
  });

  it('keeps no more bytes than its limit, dropping the least recently asked', async () => {
    const one = await renderedImages().bitmap({ svg: poster('A'), format: 'webp', width: 480 });
    const images = renderedImages(one.length * 2.5);
    for (const text of ['A', 'B', 'C', 'D'])
      await images.bitmap({ svg: poster(text), format: 'webp', width: 480 });
    expect(images.size.bytes).toBeLessThanOrEqual(one.length * 2.5);
    expect(images.size.entries).toBe(2);
  });
});
