// Server-side <title>, description and Open Graph tags, so a club or event link shared on WhatsApp shows a preview.
import { TIME_ZONE } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';

export type PageMeta = {
  title: string;
  description: string;
  image?: string;
  url: string;
  type: 'website' | 'article';
};

const SITE = 'Nocturna';
const DEFAULT_DESCRIPTION =
  'Discotecas y eventos de Madrid: entradas con QR, gente que sale esta noche y un asistente que te dice adónde ir.';

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const clip = (text: string, max = 180) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export async function metaForPath(db: Db, pathname: string, origin: string): Promise<PageMeta> {
  const url = origin + pathname;
  const club = /^\/discotecas?\/([^/]+)\/?$/.exec(pathname);
  if (club) {
    const row = await db
      .selectFrom('clubs')
      .select(['id', 'name', 'barrio', 'description'])
      .where((eb) =>
        eb.or([eb('id', '=', decodeURIComponent(club[1]!)), eb('slug', '=', decodeURIComponent(club[1]!))]),
      )
      .executeTakeFirst();
    if (row)
      return {
        title: `${row.name} · ${row.barrio} · ${SITE}`,
        description: clip(row.description),
        image: `${origin}/media/clubs/${row.id}/cover.png`,
        url,
        type: 'website',
      };
  }
  const event = /^\/eventos?\/([^/]+)\/?$/.exec(pathname);
  if (event) {
    const row = await db
      .selectFrom('events')
      .innerJoin('clubs', 'clubs.id', 'events.club_id')
      .select([
        'events.id',
        'events.name',
        'events.description',
        'events.start_at',
        'clubs.name as club_name',
      ])
      .where('events.status', '=', 'published')
      .where((eb) =>
        eb.or([
          eb('events.id', '=', decodeURIComponent(event[1]!)),
          eb('events.slug', '=', decodeURIComponent(event[1]!)),
        ]),
      )
      .executeTakeFirst();
    if (row) {
      const when = new Intl.DateTimeFormat('es-ES', {
        timeZone: TIME_ZONE,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(row.start_at));
      return {
        title: `${row.name} · ${row.club_name} · ${SITE}`,
        description: clip(`${when} en ${row.club_name}. ${row.description}`),
        image: `${origin}/media/events/${row.id}/cover.png`,
        url,
        type: 'article',
      };
    }
  }
  return { title: `${SITE} · La noche de Madrid`, description: DEFAULT_DESCRIPTION, url, type: 'website' };
}

export function renderMeta(meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:site_name" content="${SITE}">`,
    `<meta property="og:locale" content="es_ES">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (meta.image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.image)}">`,
      `<meta property="og:image:width" content="1200">`,
      `<meta property="og:image:height" content="630">`,
    );
  return tags.join('\n    ');
}

// The built index.html carries this marker where the tags go; the fallback template is for a server without a web build.
export const META_MARKER = '<!--app-meta-->';
export const FALLBACK_INDEX = `<!doctype html><html lang="es"><head><meta charset="utf-8">${META_MARKER}</head><body><div id="root"></div><noscript>Nocturna necesita JavaScript.</noscript></body></html>`;
