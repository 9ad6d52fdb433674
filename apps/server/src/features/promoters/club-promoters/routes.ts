// A club's promoters, for its CEO or an admin: the list with commissions and figures, adding one, changing their
// code or default commission, and removing one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachPromoterBody, clubPromotersResponse, updatePromoterBody } from '@nocturna/shared';
import { requireUser } from '../../../auth/guards.ts';
import { errorResponses } from '../../../http/openapi.ts';
import { actorOf } from '../caller.ts';
import { clubParams, promoterParams, tags } from '../route-schemas.ts';
import { attachPromoter, detachPromoter, listClubPromoters, updatePromoter } from './service.ts';

export const clubPromoterRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => listClubPromoters(app.db, actorOf(request), request.params.clubId),
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
        .send(await attachPromoter(app.db, actorOf(request), request.params.clubId, request.body)),
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
        actorOf(request),
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
      await detachPromoter(app.db, actorOf(request), request.params.clubId, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
