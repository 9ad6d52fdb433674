// The posters the server draws are 1200×630 (the Open Graph size); sizing them up front avoids layout shift.
// The server's own posters come as WebP in the widths of POSTER_WIDTHS, so a phone downloads the size it shows.
import { LOGO_WIDTHS, POSTER_WIDTHS } from '@nocturna/shared/constants';
import { useTranslation } from 'react-i18next';

type Props = { src: string; alt: string; priority?: boolean; className?: string; sizes?: string };

const SERVER_POSTER = /^(\/media\/(?:clubs|events)\/[^?]+)\.svg$/;
// A cover a club uploaded is stored at the same widths (management/images.ts on the server).
const UPLOADED_COVER = /^\/media\/covers\/[0-9a-f-]{36}\.webp$/;

// An event's poster prints its night ("NOCHE DEL VIERNES 4 DIC"): in English it is drawn in English.
const SERVER_EVENT_COVER = /^\/media\/events\//;

export function posterSources(src: string, lang = 'es'): { src: string; srcSet?: string } {
  if (UPLOADED_COVER.test(src))
    return {
      src: `${src}?w=${POSTER_WIDTHS[1]}`,
      srcSet: POSTER_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', '),
    };
  const base = SERVER_POSTER.exec(src)?.[1];
  if (!base) return { src };
  const inLanguage = lang === 'en' && SERVER_EVENT_COVER.test(base) ? '&lang=en' : '';
  return {
    src: `${base}.webp?w=${POSTER_WIDTHS[1]}${inLanguage}`,
    srcSet: POSTER_WIDTHS.map((w) => `${base}.webp?w=${w}${inLanguage} ${w}w`).join(', '),
  };
}

const SERVER_EVENT_POSTER = /^\/media\/events\/([^/?]+)\/cover\.svg$/;
// The widths of an event's picture without its words (`art`, square): a phone's thumbnail and a wide screen's card.
const ART_WIDTHS = [LOGO_WIDTHS[1], POSTER_WIDTHS[0], POSTER_WIDTHS[1]] as const;

// A card's picture: for the server's own event posters, the variant without the name, night and club (the card
// prints them beside it); a cover a club uploaded is shown as it is, cropped by the card.
export function artSources(src: string): { src: string; srcSet?: string } {
  const id = SERVER_EVENT_POSTER.exec(src)?.[1];
  if (!id) return posterSources(src);
  const base = `/media/events/${id}/art.webp`;
  return {
    src: `${base}?w=${ART_WIDTHS[1]}`,
    srcSet: ART_WIDTHS.map((w) => `${base}?w=${w} ${w}w`).join(', '),
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
  const { i18n } = useTranslation();
  const sources = posterSources(src, i18n.resolvedLanguage ?? i18n.language);
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
// An event card's picture: a 7rem square beside the text on a phone, the card's width above.
export const EVENT_ART_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 112px';
