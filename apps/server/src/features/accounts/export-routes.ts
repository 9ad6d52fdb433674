// The data export in settings: my recent exports, asking for one (prepared in the background), downloading it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataExportListSchema, dataExportSchema } from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import type { AccountsContext } from './context.ts';
import { downloadExport, listExports, requestExport } from './data-export.ts';
import { errors, idParams, tags } from './settings-schemas.ts';
import * as clock from '../../clock.ts';

export function dataExportRoutes(base: FastifyInstance, ctx: AccountsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/exports',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis descargas de datos de las últimas 24 h',
        response: { 200: dataExportListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listExports(ctx, currentUser(request).id) }),
  );

  app.post(
    '/api/me/exports',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Pedir un archivo con mis datos (se prepara en segundo plano)',
        response: { 202: dataExportSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await requestExport(ctx, currentUser(request).id)),
  );

  app.get(
    '/api/me/exports/:id/download',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Descargar mi archivo de datos (JSON)', params: idParams },
    },
    async (request, reply) => {
      const data = await downloadExport(ctx, currentUser(request).id, request.params.id);
      const day = clock.now().toISOString().slice(0, 10).replace(/-/g, '');
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="nocturna-mis-datos-${day}.json"`)
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );
}
