// The posters the server draws are 1200×630 (the Open Graph size); sizing them up front avoids layout shift.
// The server's own posters come as WebP in the widths of POSTER_WIDTHS, so a phone downloads the size it shows.
import { LOGO_WIDTHS, POSTER_WIDTHS } from '@nocturna/shared/constants';

type Props = { src: string; alt: string; priority?: boolean; className?: string; sizes?: string };

const SERVER_POSTER = /^(\/media\/(?:clubs|events)\/[^?]+)\.svg$/;
// A cover a club uploaded is stored at the same widths (management/images.ts on the server).
const UPLOADED_COVER = /^\/media\/covers\/[0-9a-f-]{36}\.webp$/;

export function posterSources(src: string): { src: string; srcSet?: string } {
  if (UPLOADED_COVER.test(src))
    return {
      src: `${src}?w=${POSTER_WIDTHS[1]}`,
      srcSet: POSTER_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', '),
    };
  const base = SERVER_POSTER.exec(src)?.[1];
  if (!base) return { src };
  return {
    src: `${base}.webp?w=${POSTER_WIDTHS[1]}`,
    srcSet: POSTER_WIDTHS.map((w) => `${base}.webp?w=${w} ${w}w`).join(', '),
  };
}

// A logo the server draws, as WebP: a browser lays out and paints an SVG image as a document of its own, on the
// page's main thread (21–28 ms more per logo than WebP at 4x CPU: bench/logo-images.bench.ts).
export function logoSources(src: string): { src: string; srcSet?: string } {
  const base = SERVER_POSTER.exec(src)?.[1];
  if (!base) return { src };
  return {
    src: `${base}.webp?w=${LOGO_WIDTHS[1]}`,
    srcSet: LOGO_WIDTHS.map((w) => `${base}.webp?w=${w} ${w}w`).join(', '),
  };
}

// Full width on a phone; two thirds of the content column beside the sidebar on a wide screen.
const DETAIL_SIZES = '(min-width: 1024px) 60vw, 100vw';

export function Poster({ src, alt, priority = false, className = '', sizes = DETAIL_SIZES }: Props) {
  const sources = posterSources(src);
  return (
    <img
      {...sources}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={1200}
      height={630}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={`aspect-[40/21] w-full bg-night-800 object-cover ${className}`}
    />
  );
}

export function Logo({
  src,
  alt,
  size = 48,
  className = '',
}: {
  src: string;
  alt: string;
  size?: number;
  className?: string;
}) {
  const sources = logoSources(src);
  return (
    <img
      {...sources}
      sizes={sources.srcSet ? `${size}px` : undefined}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-2xl bg-night-900 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}

// A card in the lists' grids: up to four across on a wide screen, two on a tablet, one on a phone.
export const CARD_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw';
