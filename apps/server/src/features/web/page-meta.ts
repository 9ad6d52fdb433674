// What goes in a page's <head> on the server: title, description and Open Graph tags (a club or event link
// shared on WhatsApp shows a preview), the canonical URL and its language versions, and schema.org JSON-LD
// for events and clubs. Pages the server does not render (signed-in ones) are kept out of search engines.
import { TIME_ZONE } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { getClubDetail } from '../clubs/index.ts';
import { getEvent } from '../events/index.ts';
import { eventTicketTypes } from '../tickets/index.ts';
import { wallLinkPreview } from '../wall/index.ts';
import type { Language } from './ssr.ts';
import { eventJsonLd, jsonLdScript, nightClubJsonLd } from './structured-data.ts';

type PageMeta = {
  title: string;
  description: string;
  image?: string;
  // The page's own address, without its language: slugs for clubs and events.
  path: string;
  type: 'website' | 'article';
  jsonLd?: Record<string, unknown>;
};

const SITE = 'Nocturna';
const DESCRIPTION: Record<Language, string> = {
  es: 'Discotecas y eventos de Madrid: entradas con QR, gente que sale esta noche y un asistente que te dice adónde ir.',
  en: 'Clubs and events in Madrid: QR tickets, people going out tonight and an assistant that tells you where to go.',
};
const TAGLINE: Record<Language, string> = { es: 'La noche de Madrid', en: 'Madrid by night' };
const OG_LOCALE: Record<Language, string> = { es: 'es_ES', en: 'en_GB' };
// The lists' own titles, as the page sets them once drawn (catalogue.json's pageTitle with events.title and clubs.title).
const LIST_TITLES: Record<string, Record<Language, string>> = {
  '/eventos': { es: 'Eventos', en: 'Events' },
  '/discotecas': { es: 'Discotecas', en: 'Clubs' },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const clip = (text: string, max = 180) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const png = (url: string) => url.replace(/\.svg$/, '.png');

async function orNull<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch {
    return null;
  }
}

// `pathname` is decoded once already (the web route): its slugs and ids are used as they are, never decoded
// again, so `/discotecas/%25` looks up a club called `%` and finds none, instead of failing on `%`.
async function metaForPath(db: Db, pathname: string, origin: string, language: Language): Promise<PageMeta> {
  const club = /^\/discotecas?\/([^/]+)\/?$/.exec(pathname);
  if (club) {
    const row = await orNull(getClubDetail(db, club[1]!));
    if (row) {
      const path = `/discoteca/${row.slug}`;
      return {
        title: `${row.name} · ${row.barrio} · ${SITE}`,
        description: clip(row.description),
        image: origin + png(row.coverURL),
        path,
        type: 'website',
        jsonLd: nightClubJsonLd(row, origin + path, origin),
      };
    }
  }
  const wall = /^\/(?:event\/([^/]+)|evento\/([^/]+)\/live)\/?$/.exec(pathname);
  if (wall) {
    const preview = await orNull(wallLinkPreview(db, (wall[1] ?? wall[2])!));
    if (preview) {
      const label = language === 'en' ? 'Live wall' : 'Muro en directo';
      const description =
        preview.gallery === 'public'
          ? language === 'en'
            ? `${preview.photos} photos of the night at ${preview.clubName}, live from the dance floor.`
            : `${preview.photos} fotos de la noche en ${preview.clubName}, en directo desde la pista.`
          : language === 'en'
            ? `The photos of ${preview.name} at ${preview.clubName}, only for people with a ticket.`
            : `Las fotos de ${preview.name} en ${preview.clubName}, solo para quien tiene entrada.`;
      return {
        title: `${label} · ${preview.name} · ${SITE}`,
        description: clip(description),
        image: origin + png(preview.coverURL),
        path: `/evento/${preview.slug}/live`,
        type: 'website',
      };
    }
  }
  const event = /^\/eventos?\/([^/]+)\/?$/.exec(pathname);
  if (event) {
    const idOrSlug = event[1]!;
    const [row, offers] = await Promise.all([
      orNull(getEvent(db, idOrSlug)),
      orNull(eventTicketTypes(db, idOrSlug, null, undefined)),
    ]);
    if (row && offers) {
      const when = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', {
        timeZone: TIME_ZONE,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(row.startAt));
      const at = language === 'en' ? 'at' : 'en';
      const path = `/evento/${row.slug}`;
      return {
        title: `${row.name} · ${row.clubName} · ${SITE}`,
        description: clip(`${when} ${at} ${row.clubName}. ${row.description}`),
        image: origin + png(row.coverURL),
        path,
        type: 'article',
        jsonLd: eventJsonLd(row, offers, origin + path, origin),
      };
    }
  }
  const list = LIST_TITLES[pathname.replace(/\/$/, '')];
  return {
    title: list ? `${list[language]} · ${SITE}` : `${SITE} · ${TAGLINE[language]}`,
    description: DESCRIPTION[language],
    path: pathname,
    type: 'website',
  };
}

const inLanguage = (url: string, language: Language) => (language === 'en' ? `${url}?lang=en` : url);

export type HeadRequest = {
  pathname: string;
  origin: string;
  language: Language;
  // A public page the server rendered; anything else (signed-in pages, the offline shell) is not for search engines.
  indexable: boolean;
  nonce: string;
};

export async function renderHead(db: Db, request: HeadRequest): Promise<string> {
  const { origin, language } = request;
  const meta = await metaForPath(db, request.pathname, origin, language);
  const url = origin + meta.path;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:site_name" content="${SITE}">`,
    `<meta property="og:locale" content="${OG_LOCALE[language]}">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(inLanguage(url, language))}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (meta.image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.image)}">`,
      `<meta property="og:image:width" content="1200">`,
      `<meta property="og:image:height" content="630">`,
    );
  if (request.indexable)
    tags.push(
      `<link rel="canonical" href="${escapeHtml(inLanguage(url, language))}">`,
      `<link rel="alternate" hreflang="es" href="${escapeHtml(url)}">`,
      `<link rel="alternate" hreflang="en" href="${escapeHtml(inLanguage(url, 'en'))}">`,
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}">`,
    );
  else tags.push(`<meta name="robots" content="noindex">`);
  if (meta.jsonLd) tags.push(jsonLdScript(meta.jsonLd, request.nonce));
  return tags.join('\n    ');
}

// The built index.html carries this marker where the tags go; the fallback template is for a server without a web build.
export const META_MARKER = '<!--app-meta-->';
export const FALLBACK_INDEX = `<!doctype html><html lang="es"><head><meta charset="utf-8">${META_MARKER}</head><body><div id="root"></div><noscript>Nocturna necesita JavaScript.</noscript></body></html>`;
