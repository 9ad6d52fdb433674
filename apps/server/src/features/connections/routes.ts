// Connections and blocks of the signed-in user. Every action names the other person; the answer says where the
// pair stands now. Someone who does not exist and someone with a block either way answer the same 404. The routes
// are grouped by resource and registered in this order, the order of the API document: the list, requests and
// blocks.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  blockedListSchema,
  blockStatusSchema,
  connectionCountsSchema,
  connectionListQuery,
  connectionPage,
  connectionRequestSchema,
  connectionStatusSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import {
  acceptConnection,
  blockedUsers,
  blockUser,
  cancelConnectionRequest,
  connectionCounts,
  declineConnection,
  listConnections,
  removeConnection,
  requestConnection,
  unblockUser,
} from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const userParams = z.object({ userId: z.string().min(1).max(100) });
const tags = ['conexiones'];
const status = { 200: connectionStatusSchema, ...errors };

export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  connectionListRoutes(app);
  connectionRequestRoutes(app);
  blockRoutes(app);
};

// My connections by tab, and how many there are in each tab.
function connectionListRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/connections',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis conexiones, solicitudes recibidas, enviadas o sugerencias',
        querystring: connectionListQuery,
        response: { 200: connectionPage, ...errors },
      },
    },
    async (request) => listConnections(app.db, currentUser(request).id, request.query),
  );

  app.get(
    '/api/connections/counts',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cuántas hay en cada pestaña',
        response: { 200: connectionCountsSchema, ...errors },
      },
    },
    async (request) => connectionCounts(app.db, currentUser(request).id),
  );
}

// Asking to connect, answering or cancelling a request, and ending a connection.
function connectionRequestRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/connections/requests',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Pedir conectar (acepta la suya si ya te la había pedido)',
        body: connectionRequestSchema,
        response: status,
      },
    },
    async (request) => requestConnection(app.db, app.realtime, currentUser(request).id, request.body.userId),
  );

  app.post(
    '/api/connections/requests/:userId/accept',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Aceptar una solicitud recibida', params: userParams, response: status },
    },
    async (request) => acceptConnection(app.db, app.realtime, currentUser(request).id, request.params.userId),
  );

  app.post(
    '/api/connections/requests/:userId/decline',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Rechazar una solicitud recibida', params: userParams, response: status },
    },
    async (request) =>
      declineConnection(app.db, app.realtime, currentUser(request).id, request.params.userId),
  );

  app.delete(
    '/api/connections/requests/:userId',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Cancelar una solicitud enviada', params: userParams, response: status },
    },
    async (request) =>
      cancelConnectionRequest(app.db, app.realtime, currentUser(request).id, request.params.userId),
  );

  app.delete(
    '/api/connections/:userId',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Quitar una conexión', params: userParams, response: status },
    },
    async (request) => removeConnection(app.db, app.realtime, currentUser(request).id, request.params.userId),
  );
}

// The people I blocked: listing, blocking and unblocking.
function blockRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blocks',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'Personas que he bloqueado', response: { 200: blockedListSchema, ...errors } },
    },
    async (request) => blockedUsers(app.db, currentUser(request).id),
  );

  app.put(
    '/api/blocks/:userId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Bloquear: desaparecemos el uno para el otro y se borra la conexión',
        params: userParams,
        response: { 200: blockStatusSchema, ...errors },
      },
    },
    async (request) => blockUser(app.db, app.realtime, currentUser(request).id, request.params.userId),
  );

  app.delete(
    '/api/blocks/:userId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Desbloquear',
        params: userParams,
        response: { 200: blockStatusSchema, ...errors },
      },
    },
    async (request) => unblockUser(app.db, app.realtime, currentUser(request).id, request.params.userId),
  );
}
