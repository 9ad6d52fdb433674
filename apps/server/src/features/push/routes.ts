// Web Push endpoints: the public key browsers subscribe with, saving and removing this browser's subscription,
// and a test push to check it works.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  pushPublicKeySchema,
  pushStatusSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import {
  countSubscriptions,
  queuePush,
  registerPushJob,
  removeSubscription,
  saveSubscription,
  type PushContext,
} from './service.ts';
import { resolveVapidKeys } from './vapid.ts';

const tags = ['push'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema };

export const pushPlugin = fp(
  async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const keys = resolveVapidKeys(app.config);
    const ctx: PushContext = { db: app.db, jobs: app.jobs, keys };
    registerPushJob(ctx);

    app.get(
      '/api/push/public-key',
      {
        schema: {
          tags,
          summary: 'Clave pública VAPID para suscribirse',
          response: { 200: pushPublicKeySchema },
        },
      },
      async () => ({ publicKey: keys.publicKey }),
    );
    app.get(
      '/api/push/status',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Cuántos navegadores míos reciben avisos',
          response: { 200: pushStatusSchema, ...errors },
        },
      },
      async (request) => ({ subscriptions: await countSubscriptions(app.db, currentUser(request).id) }),
    );
    app.post(
      '/api/push/subscriptions',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Recibir avisos en este navegador',
          body: pushSubscriptionSchema,
          response: { 201: pushStatusSchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        await saveSubscription(app.db, userId, request.body, request.headers['user-agent'] ?? null);
        return reply.status(201).send({ subscriptions: await countSubscriptions(app.db, userId) });
      },
    );
    app.delete(
      '/api/push/subscriptions',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Dejar de recibir avisos en este navegador',
          body: pushUnsubscribeSchema,
          response: { 200: pushStatusSchema, ...errors },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        await removeSubscription(app.db, userId, request.body.endpoint);
        return { subscriptions: await countSubscriptions(app.db, userId) };
      },
    );
    app.post(
      '/api/push/test',
      {
        preValidation: requireUser,
        schema: {
          tags,
          summary: 'Enviarme un aviso de prueba',
          response: { 202: z.object({ queued: z.number().int() }), ...errors },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const queued = await queuePush(app.db, app.jobs, userId, {
          title: 'Nocturna',
          body: 'Los avisos funcionan en este dispositivo.',
          url: '/ajustes',
          tag: 'test',
        });
        if (queued === 0)
          throw new AppError(409, 'NO_PUSH_SUBSCRIPTION', 'Activa los avisos en este navegador primero.');
        return reply.status(202).send({ queued });
      },
    );
  },
  { name: 'nocturna-push', dependencies: ['nocturna-jobs'] },
);
