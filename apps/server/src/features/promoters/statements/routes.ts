// Statements over HTTP, as JSON or as the CSV and PDF files to keep (format=csv|pdf): a club's CEO (or an admin)
// reads a promoter's and marks it paid; a promoter reads their own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { payStatementBody, statementQuery, statementSchema, type Statement } from '@nocturna/shared';
import { currentUser, requireRole, requireUser } from '../../../auth/guards.ts';
import { errorResponses } from '../../../http/openapi.ts';
import { actorOf } from '../caller.ts';
import { clubOr404 } from '../club-access.ts';
import { promoterParams, tags } from '../route-schemas.ts';
import { statementCsv, statementFileName, statementPdf } from './files.ts';
import { clubStatement, myStatement, payStatement } from './service.ts';

const format = z.object({ format: z.enum(['json', 'csv', 'pdf']).default('json') });
const statementQueryWithFormat = z.intersection(statementQuery, format);

async function sendStatement(reply: FastifyReply, statement: Statement, as: 'json' | 'csv' | 'pdf') {
  reply.header('cache-control', 'private, no-store');
  if (as === 'json') return statement;
  reply.header('content-disposition', `attachment; filename="${statementFileName(statement, as)}"`);
  if (as === 'csv') return reply.type('text/csv; charset=utf-8').send(statementCsv(statement));
  return reply.type('application/pdf').send(await statementPdf(statement));
}

export const clubStatementRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const statement = await clubStatement(app.db, actorOf(request), club.id, request.params.userId, scope);
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
      return payStatement(app.db, actorOf(request), club.id, request.params.userId, request.body);
    },
  );
};

export const promoterStatementRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
