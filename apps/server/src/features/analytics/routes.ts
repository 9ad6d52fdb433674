// Analytics of an event and of a club: admins for any, a CEO for the clubs they run (403 elsewhere); each
// table also as CSV, in the page's language (`lang`: es or en). The event's routes register first, then the club's.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLUB_CSV_TABLES,
  EVENT_CSV_TABLES,
  apiErrorSchema,
  clubAnalyticsQuerySchema,
  clubCsvQuerySchema,
  csvQuerySchema,
  type CsvLang,
  clubAnalyticsSchema,
  eventAnalyticsSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireClubManager } from '../club-staff/index.ts';
import { requestLocale } from '../mail/index.ts';
import { clubAnalytics } from './club-analytics.ts';
import { clubCsv, eventCsv } from './csv.ts';
import { eventAnalytics } from './event-analytics.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['analítica'];

// The event, when the caller may see its analytics (an admin, or a CEO of its club).
async function eventInScope(db: Db, request: Parameters<typeof currentUser>[0], idOrSlug: string) {
  const row = await db
    .selectFrom('events')
    .select(['id', 'club_id', 'slug'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
  if (!row) throw notFound('El evento', 'EVENT_NOT_FOUND');
  await requireClubManager(db, currentUser(request), row.club_id);
  return row;
}

// The club, when the caller may see its analytics (an admin, or one of its CEOs).
async function clubInScope(db: Db, request: Parameters<typeof currentUser>[0], idOrSlug: string) {
  const row = await db
    .selectFrom('clubs')
    .select(['id', 'slug'])
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
    .executeTakeFirst();
  if (!row) throw notFound('La discoteca', 'CLUB_NOT_FOUND');
  await requireClubManager(db, currentUser(request), row.id);
  return row;
}

// A period whose end comes before its start is refused.
const checkPeriod = (q: { from?: string; to?: string }) => {
  if (q.from && q.to && q.from > q.to)
    throw badRequest('to', 'La fecha de fin debe ser posterior a la de inicio.');
};

// The CSV's language: the page's (`lang`), else the one the app shows this browser (its cookie), else Spanish.
const csvLang = (request: Parameters<typeof currentUser>[0], lang: CsvLang | undefined): CsvLang =>
  lang ?? requestLocale(request) ?? 'es';

// A CSV answer is a download named `name`.csv, never cached.
const csvReply = (
  reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown },
  name: string,
) => {
  reply.header('content-disposition', `attachment; filename="${name}.csv"`);
  reply.header('cache-control', 'no-store');
  reply.type('text/csv; charset=utf-8');
};

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  eventAnalyticsRoutes(app);
  clubAnalyticsRoutes(app);
};

// An event's analytics and its tables as CSV.
function eventAnalyticsRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/analytics/events/:eventId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Analítica de un evento',
        params: z.object({ eventId: z.string().min(1).max(200) }),
        response: { 200: eventAnalyticsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await eventInScope(app.db, request, request.params.eventId);
      reply.header('cache-control', 'no-store');
      return eventAnalytics(app.db, app.dbKind, event.id);
    },
  );

  app.get(
    '/api/analytics/events/:eventId/:table.csv',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Una tabla de la analítica de un evento en CSV',
        params: z.object({ eventId: z.string().min(1).max(200), table: z.enum(EVENT_CSV_TABLES) }),
        querystring: csvQuerySchema,
      },
    },
    async (request, reply) => {
      const event = await eventInScope(app.db, request, request.params.eventId);
      const data = await eventAnalytics(app.db, app.dbKind, event.id);
      csvReply(reply, `${event.slug}-${request.params.table}`);
      return eventCsv(data, request.params.table, csvLang(request, request.query.lang));
    },
  );
}

// A club's analytics and its tables as CSV.
function clubAnalyticsRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/analytics/clubs/:clubId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Analítica de una discoteca en un periodo',
        params: z.object({ clubId: z.string().min(1).max(200) }),
        querystring: clubAnalyticsQuerySchema,
        response: { 200: clubAnalyticsSchema, ...errors },
      },
    },
    async (request, reply) => {
      checkPeriod(request.query);
      const club = await clubInScope(app.db, request, request.params.clubId);
      reply.header('cache-control', 'no-store');
      return clubAnalytics(app.db, club.id, request.query);
    },
  );

  app.get(
    '/api/analytics/clubs/:clubId/:table.csv',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Una tabla de la analítica de una discoteca en CSV',
        params: z.object({ clubId: z.string().min(1).max(200), table: z.enum(CLUB_CSV_TABLES) }),
        querystring: clubCsvQuerySchema,
      },
    },
    async (request, reply) => {
      checkPeriod(request.query);
      const club = await clubInScope(app.db, request, request.params.clubId);
      const data = await clubAnalytics(app.db, club.id, request.query);
      csvReply(reply, `${club.slug}-${request.params.table}`);
      return clubCsv(data, request.params.table, csvLang(request, request.query.lang));
    },
  );
}
