// Promoters over HTTP. A club's CEO (or an admin): its promoters, their commissions, what the club shares, their
// statements and paying them. A promoter (role rpp): their dashboard, statements (JSON, CSV, PDF) and guest lists.
// Anyone with the link: a guest list's sign-up page; signed in, joining it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  addGuestBody,
  attachPromoterBody,
  clubPromotersResponse,
  commissionRuleBody,
  createGuestListBody,
  guestListDetailSchema,
  guestListSchema,
  joinGuestListResponse,
  partnerSettingsSchema,
  payStatementBody,
  publicGuestListSchema,
  rppDashboardSchema,
  statementQuery,
  statementSchema,
  updatePromoterBody,
  eventPathWithPromoter,
  type Statement,
} from '@nocturna/shared';
import { currentUser, loadSession, requireRole, requireUser } from '../../auth/guards.ts';
import { errorResponses } from '../../http/openapi.ts';
import {
  addGuest,
  createGuestList,
  guestListDetail,
  joinGuestList,
  publicGuestList,
  type ListsContext,
} from './guest-lists.ts';
import {
  attachPromoter,
  clubOr404,
  detachPromoter,
  listClubPromoters,
  rppDashboard,
  setCommissionRule,
  setPartnerSettings,
  updatePromoter,
} from './service.ts';
import { statementCsv, statementFileName, statementPdf } from './statement-files.ts';
import { clubStatement, myStatement, payStatement } from './statements.ts';

const tags = ['rpp'];
const clubParams = z.object({ clubId: z.string().min(1).max(100) });
const promoterParams = clubParams.extend({ userId: z.string().min(1).max(100) });
const format = z.object({ format: z.enum(['json', 'csv', 'pdf']).default('json') });
const statementQueryWithFormat = z.intersection(statementQuery, format);

async function sendStatement(reply: FastifyReply, statement: Statement, as: 'json' | 'csv' | 'pdf') {
  reply.header('cache-control', 'private, no-store');
  if (as === 'json') return statement;
  reply.header('content-disposition', `attachment; filename="${statementFileName(statement, as)}"`);
  if (as === 'csv') return reply.type('text/csv; charset=utf-8').send(statementCsv(statement));
  return reply.type('application/pdf').send(await statementPdf(statement));
}

export const promoterRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = (): ListsContext => ({ db: app.db, bus: app.realtime, signer: app.ticketSigner });
  const actor = (request: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(request);
    return { id: u.id, name: u.name };
  };

  // ---- the club's side --------------------------------------------------------------------------------------

  app.get(
    '/api/clubs/:clubId/promoters',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Los RPP de una discoteca con su comisión y lo que llevan (su CEO o un administrador)',
        params: clubParams,
        response: { 200: clubPromotersResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listClubPromoters(app.db, actor(request), request.params.clubId),
  );

  app.post(
    '/api/clubs/:clubId/promoters',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Añadir un RPP a la discoteca con su comisión (fija o porcentaje, pagada al entrar)',
        params: clubParams,
        body: attachPromoterBody,
        response: {
          201: z.object({ userId: z.string(), code: z.string() }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await attachPromoter(app.db, actor(request), request.params.clubId, request.body)),
  );

  app.patch(
    '/api/clubs/:clubId/promoters/:userId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cambiar el código o la comisión por defecto de un RPP',
        params: promoterParams,
        body: updatePromoterBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await updatePromoter(
        app.db,
        actor(request),
        request.params.clubId,
        request.params.userId,
        request.body,
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/clubs/:clubId/promoters/:userId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Quitar un RPP de la discoteca (lo que ya vendió sigue en sus liquidaciones)',
        params: promoterParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await detachPromoter(app.db, actor(request), request.params.clubId, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  const ruleParams = promoterParams.extend({ ticketTypeId: z.string().min(1).max(120) });
  app.put(
    '/api/clubs/:clubId/promoters/:userId/rules/:ticketTypeId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'La comisión de un RPP en un tipo de entrada concreto',
        params: ruleParams,
        body: commissionRuleBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const p = request.params;
      await setCommissionRule(app.db, actor(request), p.clubId, p.userId, p.ticketTypeId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/clubs/:clubId/promoters/:userId/rules/:ticketTypeId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Quitar la comisión de un tipo de entrada (vuelve la comisión por defecto)',
        params: ruleParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const p = request.params;
      await setCommissionRule(app.db, actor(request), p.clubId, p.userId, p.ticketTypeId, null);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/clubs/:clubId/partner-settings',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Qué comparte la discoteca: el ranking entre sus RPP, las ventas con sus DJs',
        params: clubParams,
        body: partnerSettingsSchema,
        response: { 200: partnerSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setPartnerSettings(app.db, actor(request), request.params.clubId, request.body),
  );

  app.get(
    '/api/clubs/:clubId/promoters/:userId/statement',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'La liquidación de un RPP (evento o periodo) vista por la discoteca; format=csv|pdf para descargar',
        params: promoterParams,
        querystring: statementQueryWithFormat,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const club = await clubOr404(app.db, request.params.clubId);
      const { format: as, ...scope } = request.query;
      const statement = await clubStatement(app.db, actor(request), club.id, request.params.userId, scope);
      return sendStatement(reply, statement, as);
    },
  );

  app.post(
    '/api/clubs/:clubId/promoters/:userId/statement/pay',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary:
          'Marcar pagada la liquidación de un evento o de un periodo: queda congelada, los cambios salen como ajustes',
        params: promoterParams,
        body: payStatementBody,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const club = await clubOr404(app.db, request.params.clubId);
      return payStatement(app.db, actor(request), club.id, request.params.userId, request.body);
    },
  );

  // ---- the promoter's side ---------------------------------------------------------------------------------

  app.get(
    '/api/rpp/dashboard',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Mi panel de RPP: eventos, enlaces y códigos, ventas y entradas, listas, comisión',
        response: { 200: rppDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return rppDashboard(app.db, currentUser(request).id);
    },
  );

  app.get(
    '/api/rpp/statement',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Mi liquidación (evento o periodo); format=csv|pdf para descargar',
        querystring: statementQueryWithFormat,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { format: as, ...scope } = request.query;
      return sendStatement(reply, await myStatement(app.db, currentUser(request).id, scope), as);
    },
  );

  app.post(
    '/api/rpp/events/:eventId/lists',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Abrir una lista para un evento: tipo gratuito, cupo y hora de cierre',
        params: z.object({ eventId: z.string().min(1).max(100) }),
        body: createGuestListBody,
        response: { 201: guestListSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createGuestList(app.db, actor(request), request.params.eventId, request.body)),
  );

  const listParams = z.object({ listId: z.string().min(1).max(100) });
  app.get(
    '/api/rpp/lists/:listId',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Una lista mía con sus invitados',
        params: listParams,
        response: { 200: guestListDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => guestListDetail(app.db, currentUser(request).id, request.params.listId),
  );

  app.post(
    '/api/rpp/lists/:listId/guests',
    {
      preValidation: requireRole('rpp'),
      schema: {
        tags,
        summary: 'Apuntar a alguien en mi lista (su entrada queda a su nombre)',
        params: listParams,
        body: addGuestBody,
        response: { 201: joinGuestListResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addGuest(lists(), actor(request), request.params.listId, request.body.name)),
  );

  // ---- a promoter's link: /e/{slug}?rpp=CODE opens the event page keeping the code (the browser keeps it) ----

  app.get(
    '/e/:slug',
    {
      schema: {
        hide: true,
        params: z.object({ slug: z.string().min(1).max(120) }),
        querystring: z.object({ rpp: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const rpp =
        request.query.rpp && /^[A-Za-z0-9_-]{3,40}$/.test(request.query.rpp) ? request.query.rpp : null;
      return reply.redirect(eventPathWithPromoter(request.params.slug, rpp), 302);
    },
  );

  // ---- the sign-up link ------------------------------------------------------------------------------------

  const tokenParams = z.object({ token: z.string().min(8).max(64) });
  app.get(
    '/api/lists/:token',
    {
      schema: {
        tags,
        summary: 'Una lista compartida: evento, RPP, plazas que quedan y hasta cuándo',
        params: tokenParams,
        response: { 200: publicGuestListSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const viewer = await loadSession(request, reply);
      reply.header('cache-control', 'private, no-store');
      return publicGuestList(app.db, request.params.token, viewer?.id ?? null);
    },
  );

  app.post(
    '/api/lists/:token/join',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Apuntarme en una lista: una entrada gratis con QR mientras quede cupo y no haya cerrado',
        params: tokenParams,
        response: { 201: joinGuestListResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await joinGuestList(lists(), actor(request), request.params.token)),
  );
};
