// robots.txt and sitemap.xml: what search engines may read, and every public page worth reading — the clubs,
// the events still to come and the public profiles of DJs — each with its English version.
import type { FastifyPluginAsync } from 'fastify';
import { toIso } from '../../db/schema.ts';
import { publicOrigin } from '../../config.ts';
import * as clock from '../../clock.ts';

// Signed-in areas: nothing there for a search engine (they answer noindex too).
const PRIVATE_PATHS = [
  '/api/',
  '/ajustes',
  '/settings',
  '/tickets',
  '/mensajes',
  '/messages',
  '/notificaciones',
  '/notifications',
  '/conexiones',
  '/connections',
  '/puerta',
  '/dashboard',
  '/admin/',
  '/ceo',
  '/dj/',
  '/rpp/',
  '/chat-ai',
  '/ai-chat',
  '/app-shell',
];

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

type Entry = { path: string; lastModified?: string; changeFrequency: 'hourly' | 'daily' | 'weekly' };

function urlEntry(origin: string, entry: Entry): string {
  const es = xmlEscape(origin + entry.path);
  const en = xmlEscape(`${origin}${entry.path}?lang=en`);
  return [
    '<url>',
    `<loc>${es}</loc>`,
    entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : '',
    `<changefreq>${entry.changeFrequency}</changefreq>`,
    `<xhtml:link rel="alternate" hreflang="es" href="${es}"/>`,
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`,
    '</url>',
  ].join('');
}

export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), ''];
    lines.push(`Sitemap: ${publicOrigin(app.config)}/sitemap.xml`, '');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const now = clock.now().toISOString();
    const [clubs, events, djs] = await Promise.all([
      app.db.selectFrom('clubs').select('slug').where('archived_at', 'is', null).orderBy('name').execute(),
      app.db
        .selectFrom('events')
        .select(['slug', 'created_at'])
        .where('status', '=', 'published')
        .where('end_at', '>', now)
        .orderBy('start_at')
        .execute(),
      app.db
        .selectFrom('user_roles')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
        .select(['users.id', 'users.username'])
        .where('user_roles.role', '=', 'dj')
        // A private profile shows strangers only a name: not a page to list.
        .where((eb) =>
          eb.or([eb('user_profiles.is_private', 'is', null), eb('user_profiles.is_private', '=', false)]),
        )
        .orderBy('users.id')
        .execute(),
    ]);
    const entries: Entry[] = [
      { path: '/', changeFrequency: 'hourly' },
      { path: '/eventos', changeFrequency: 'hourly' },
      { path: '/discotecas', changeFrequency: 'daily' },
      ...clubs.map((c) => ({
        path: `/discoteca/${encodeURIComponent(c.slug)}`,
        changeFrequency: 'weekly' as const,
      })),
      ...events.map((e) => ({
        path: `/evento/${encodeURIComponent(e.slug)}`,
        lastModified: toIso(e.created_at),
        changeFrequency: 'daily' as const,
      })),
      ...djs.map((d) => ({
        path: d.username ? `/perfil/${encodeURIComponent(d.username)}` : `/u/${encodeURIComponent(d.id)}`,
        changeFrequency: 'weekly' as const,
      })),
    ];
    const origin = publicOrigin(app.config);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...entries.map((entry) => urlEntry(origin, entry)),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(xml);
  });
};
