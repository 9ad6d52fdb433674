// Contact: anyone (signed in or not) writes through /contact; admins read the inbox, reply by e-mail and mark
// messages handled. The form is limited per IP (CONTACT_RATE_LIMIT, shared across servers through Redis when
// REDIS_URL is set) and carries a honeypot field.
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_RATE_LIMIT,
  adminContactListQuery,
  adminContactPage,
  apiErrorSchema,
  contactFormSchema,
  contactMessageSchema,
  contactReceiptSchema,
  contactReplySchema,
  legalIdentitySchema,
} from '@nocturna/shared';
import { currentUser, loadSession, requireRole } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { rateLimitStore } from '../../http/rate-limit-store.ts';
import { localeOf } from '../mail/index.ts';
import { listContact, markContactHandled, receiveContact, replyToContact } from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // The company the legal pages name (LEGAL_* settings): public, the same for everyone.
  app.get(
    '/api/legal/identity',
    {
      schema: {
        tags: ['contacto'],
        summary: 'Quién está detrás de Nocturna: razón social, NIF, domicilio y registro',
        response: { 200: legalIdentitySchema },
      },
    },
    async () => {
      const { name, nif, address, registry } = app.config.legal;
      return { name, nif: nif ?? null, address: address ?? null, registry: registry ?? null };
    },
  );

  // Counted in Redis when REDIS_URL is set: two servers share one count per address.
  await app.register(rateLimit, { global: false, ...rateLimitStore(app, 'contact') });

  app.post(
    '/api/contact',
    {
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.windowMs,
          keyGenerator: (request) => `contact:${request.ip}`,
          errorResponseBuilder: (_request, context) =>
            new AppError(
              429,
              'TOO_MANY_MESSAGES',
              `Has enviado varios mensajes seguidos. Prueba de nuevo dentro de ${Math.ceil(context.ttl / 60_000)} min.`,
              { details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) } },
            ),
        },
      },
      schema: {
        tags: ['contacto'],
        summary: 'Escribir a Nocturna (con sesión o sin ella)',
        body: contactFormSchema,
        response: { 201: contactReceiptSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await loadSession(request, reply);
      await receiveContact(app.db, request.body, {
        userId: user?.id ?? null,
        locale: await localeOf(app.db, user?.id ?? null, request.headers.cookie),
      });
      return reply.status(201).send({ received: true as const });
    },
  );

  app.get(
    '/api/admin/contact',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Buzón de contacto: abiertos (el más antiguo primero) o atendidos',
        querystring: adminContactListQuery,
        response: { 200: adminContactPage, ...errors },
      },
    },
    async (request) => listContact(app.db, request.query),
  );

  const params = z.object({ id: z.string().min(1).max(100) });
  app.post(
    '/api/admin/contact/:id/reply',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Responder por correo y dar el mensaje por atendido',
        params,
        body: contactReplySchema,
        response: { 200: contactMessageSchema, ...errors },
      },
    },
    async (request) => replyToContact(app.db, currentUser(request).id, request.params.id, request.body.reply),
  );
  app.post(
    '/api/admin/contact/:id/handled',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Dar un mensaje por atendido sin responder',
        params,
        response: { 200: contactMessageSchema, ...errors },
      },
    },
    async (request) => markContactHandled(app.db, currentUser(request).id, request.params.id),
  );
};
