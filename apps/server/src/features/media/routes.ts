// Serves the posters: SVG, PNG (rendered with sharp) for link previews, which need a bitmap, and WebP in the
// widths of the app's srcset (`?w=`), so a phone downloads the size it shows. The app shows the club logos as WebP
// too: a browser draws each SVG image as a document of its own, on the page's main thread. Each bitmap is drawn
// once per poster and kept (rendered-images.ts).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOGO_WIDTHS, POSTER_WIDTHS } from '@nocturna/shared/constants';
import { notFound } from '../../http/errors.ts';
import { clubCoverSvg, clubLogoSvg, eventArtSvg, eventCoverSvg } from './posters.ts';
import { renderedImages } from './rendered-images.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';

const CACHE = 'public, max-age=86400';
const formatParam = z.enum(['svg', 'png', 'webp']);
const IMAGE_WIDTHS: readonly number[] = [...LOGO_WIDTHS, ...POSTER_WIDTHS];
const widthQuery = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((w) => IMAGE_WIDTHS.includes(w), { message: `La anchura es una de ${IMAGE_WIDTHS.join(', ')}` })
    .optional(),
});
type Format = z.infer<typeof formatParam>;

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const bitmaps = renderedImages();
  const send = async (reply: FastifyReply, svg: string, format: Format, width?: number) => {
    reply.header('cache-control', CACHE);
    if (format === 'svg') return reply.type('image/svg+xml').send(svg);
    return reply.type(`image/${format}`).send(await bitmaps.bitmap({ svg, format, width }));
  };
  const storage = fileStorageFor(app.config);
  const uploaded = async (reply: FastifyReply, key: string) => {
    const file = await storage.read(key);
    if (!file) throw notFound('La imagen', 'IMAGE_NOT_FOUND');
    // Every upload gets a new name, so a stored image never changes.
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file);
  };
  const uploadName = z.string().regex(/^[0-9a-f-]{36}\.webp$/);

  // Covers uploaded by clubs (management/images.ts), in the poster widths (`?w=`, 1200 by default).
  app.get(
    '/media/covers/:name',
    { schema: { hide: true, params: z.object({ name: uploadName }), querystring: widthQuery } },
    async (request, reply) =>
      uploaded(reply, `covers/${request.params.name.replace(/\.webp$/, '')}-${request.query.w ?? 1200}.webp`),
  );

  app.get(
    '/media/logos/:name',
    { schema: { hide: true, params: z.object({ name: uploadName }) } },
    async (request, reply) => uploaded(reply, `logos/${request.params.name}`),
  );

  app.get(
    '/media/clubs/:clubId/:kind.:format',
    {
      schema: {
        hide: true,
        params: z.object({
          clubId: z.string().max(100),
          kind: z.enum(['logo', 'cover']),
          format: formatParam,
        }),
        querystring: widthQuery,
      },
    },
    async (request, reply) => {
      const { clubId, kind, format } = request.params;
      const club = await app.db
        .selectFrom('clubs')
        .select(['name', 'barrio', 'brand_color'])
        .where('id', '=', clubId)
        .executeTakeFirst();
      if (!club) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
      const svg =
        kind === 'logo'
          ? clubLogoSvg(club.name, club.brand_color)
          : clubCoverSvg(club.name, club.barrio, club.brand_color);
      return send(reply, svg, format, request.query.w);
    },
  );

  // An event's poster (`cover`, with its name, night, line-up and club: the event page and link previews) or its
  // picture alone (`art`, square, for the lists' cards, which print those words beside it).
  app.get(
    '/media/events/:eventId/:kind.:format',
    {
      schema: {
        hide: true,
        params: z.object({
          eventId: z.string().max(100),
          kind: z.enum(['cover', 'art']),
          format: formatParam,
        }),
        // The poster's night in the page's language (Spanish unless asked).
        querystring: widthQuery.extend({ lang: z.enum(['es', 'en']).default('es') }),
      },
    },
    async (request, reply) => {
      const { eventId, kind, format } = request.params;
      const event = await app.db
        .selectFrom('events')
        .innerJoin('clubs', 'clubs.id', 'events.club_id')
        .select(['events.name', 'events.start_at', 'clubs.name as club_name', 'clubs.brand_color'])
        .where('events.id', '=', eventId)
        .executeTakeFirst();
      if (!event) throw notFound('El evento', 'EVENT_NOT_FOUND');
      if (kind === 'art')
        return send(
          reply,
          eventArtSvg({ name: event.name, color: event.brand_color }),
          format,
          request.query.w,
        );
      const lineup = await app.db
        .selectFrom('event_lineup')
        .select('dj_name')
        .where('event_id', '=', eventId)
        .orderBy('position')
        .execute();
      const svg = eventCoverSvg({
        name: event.name,
        clubName: event.club_name,
        startAt: new Date(event.start_at),
        color: event.brand_color,
        lineup: lineup.map((l) => l.dj_name),
        lang: request.query.lang,
      });
      return send(reply, svg, format, request.query.w);
    },
  );
};
