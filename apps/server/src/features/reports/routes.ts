// Reports API: anyone signed in files a report; only admins list and close them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReportListQuery,
  adminReportPage,
  adminReportSchema,
  apiErrorSchema,
  createReportSchema,
  reportReceiptSchema,
  resolveReportSchema,
} from '@nocturna/shared';
import { currentUser, requireRole, requireUser } from '../../auth/guards.ts';
import { createReport, listReports, resolveReport } from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports',
    {
      preValidation: requireUser,
      schema: {
        tags: ['denuncias'],
        summary: 'Denunciar a una persona o un mensaje',
        body: createReportSchema,
        response: { 201: reportReceiptSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReport(app.db, currentUser(request).id, request.body)),
  );

  app.get(
    '/api/admin/reports',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Cola de denuncias (las abiertas, la más antigua primero)',
        querystring: adminReportListQuery,
        response: { 200: adminReportPage, ...errors },
      },
    },
    async (request) => listReports(app.db, request.query),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Resolver o descartar una denuncia abierta',
        params: z.object({ id: z.string().min(1).max(100) }),
        body: resolveReportSchema,
        response: { 200: adminReportSchema, ...errors },
      },
    },
    async (request) => resolveReport(app.db, currentUser(request).id, request.params.id, request.body),
  );
};
