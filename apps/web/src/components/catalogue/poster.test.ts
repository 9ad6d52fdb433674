// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { logoSources, posterSources } from './poster.tsx';

describe('poster sources', () => {
  it('asks for the server posters as WebP in every srcset width', () => {
    expect(posterSources('/media/events/abc/cover.svg')).toEqual({
      src: '/media/events/abc/cover.webp?w=800',
      srcSet:
        '/media/events/abc/cover.webp?w=480 480w, /media/events/abc/cover.webp?w=800 800w, /media/events/abc/cover.webp?w=1200 1200w',
    });
  });

  it("asks for an event poster's night in English on an English page, and only for event posters", () => {
    expect(posterSources('/media/events/abc/cover.svg', 'en').srcSet).toBe(
      '/media/events/abc/cover.webp?w=480&lang=en 480w, /media/events/abc/cover.webp?w=800&lang=en 800w, /media/events/abc/cover.webp?w=1200&lang=en 1200w',
    );
    expect(posterSources('/media/events/abc/cover.svg', 'es').src).toBe('/media/events/abc/cover.webp?w=800');
    expect(posterSources('/media/clubs/abc/cover.svg', 'en').src).toBe('/media/clubs/abc/cover.webp?w=800');
  });

  it('asks for a cover a club uploaded at every srcset width', () => {
    const cover = '/media/covers/01a211f2-10fb-75ea-98bf-bef98295430e.webp';
    expect(posterSources(cover)).toEqual({
      src: `${cover}?w=800`,
      srcSet: `${cover}?w=480 480w, ${cover}?w=800 800w, ${cover}?w=1200 1200w`,
    });
  });

  it('leaves any other image as it is', () => {
    expect(posterSources('https://cdn.example.com/cover.jpg')).toEqual({
      src: 'https://cdn.example.com/cover.jpg',
    });
    expect(posterSources('/media/avatars/x.svg')).toEqual({ src: '/media/avatars/x.svg' });
  });
});

describe('logo sources', () => {
  it('asks for the logos the server draws as WebP at the logo widths, never as an SVG image', () => {
    expect(logoSources('/media/clubs/abc/logo.svg')).toEqual({
      src: '/media/clubs/abc/logo.webp?w=192',
      srcSet: '/media/clubs/abc/logo.webp?w=96 96w, /media/clubs/abc/logo.webp?w=192 192w',
    });
  });

  it('leaves a logo a club uploaded (already WebP) as it is', () => {
    const logo = '/media/logos/01a211f2-10fb-75ea-98bf-bef98295430e.webp';
    expect(logoSources(logo)).toEqual({ src: logo });
  });
});
