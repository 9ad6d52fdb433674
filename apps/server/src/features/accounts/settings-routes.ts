// The account in settings: what sign-in methods and state it has, the mail language, active sessions, the data
// export and the deletion. Password, e-mail change and Google linking are better-auth's own endpoints.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSecuritySchema,
  accountSessionsSchema,
  apiErrorSchema,
  dataExportListSchema,
  dataExportSchema,
  deleteAccountSchema,
  deletionSchema,
  localeBodySchema,
} from '@nocturna/shared';
import { currentUser, requireUser } from '../../auth/guards.ts';
import { GOOGLE_PROVIDER_ID, googleConfigured } from '../../auth/auth.ts';
import { notFound } from '../../http/errors.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { asLocale } from '../mail/index.ts';
import type { AccountsContext } from './context.ts';
import { downloadExport, listExports, registerExportJobs, requestExport } from './data-export.ts';
import { deletionOf, registerDeletionJob, requestDeletion } from './deletion.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.ts';
import * as clock from '../../clock.ts';

const tags = ['cuentas'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
};
const idParams = z.object({ id: z.string().min(1).max(100) });

export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AccountsContext = {
    db: app.db,
    auth: app.auth,
    bus: app.realtime,
    jobs: app.jobs,
    storage: fileStorageFor(app.config),
  };
  registerExportJobs(ctx);
  registerDeletionJob(ctx);

  app.get(
    '/api/me/account',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mi cuenta: correo, métodos de acceso, borrado pendiente',
        response: { 200: accountSecuritySchema, ...errors },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const [user, providers] = await Promise.all([
        app.db
          .selectFrom('users')
          .select(['email', 'email_verified', 'locale', 'deletion_requested_at', 'deletion_due_at'])
          .where('id', '=', id)
          .executeTakeFirst(),
        app.db.selectFrom('accounts').select('provider_id').where('user_id', '=', id).execute(),
      ]);
      if (!user) throw notFound('El usuario', 'USER_NOT_FOUND');
      return {
        email: user.email,
        emailVerified: Boolean(user.email_verified),
        hasPassword: providers.some((p) => p.provider_id === 'credential'),
        google: {
          available: googleConfigured(app.config),
          linked: providers.some((p) => p.provider_id === GOOGLE_PROVIDER_ID),
        },
        deletion: deletionOf(user),
        locale: asLocale(user.locale),
      };
    },
  );

  app.put(
    '/api/me/locale',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Idioma de mis correos y avisos',
        body: localeBodySchema,
        response: { 200: localeBodySchema, ...errors },
      },
    },
    async (request) => {
      await app.db
        .updateTable('users')
        .set({ locale: request.body.locale })
        .where('id', '=', currentUser(request).id)
        .execute();
      return { locale: request.body.locale };
    },
  );

  app.get(
    '/api/me/sessions',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Mis sesiones abiertas, con dispositivo y último uso',
        response: { 200: accountSessionsSchema, ...errors },
      },
    },
    async (request) => ({
      items: await listSessions(ctx, currentUser(request).id, request.authSession!.id),
    }),
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cerrar una de mis sesiones',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeSession(ctx, request, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/sessions/revoke-others',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cerrar todas mis sesiones menos esta',
        response: { 200: z.object({ revoked: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      revoked: await revokeOtherSessions(ctx, request, currentUser(request).id, request.authSession!.id),
    }),
  );

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

  app.post(
    '/api/me/deletion',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Eliminar mi cuenta (14 días para arrepentirse iniciando sesión)',
        body: deleteAccountSchema,
        response: { 202: deletionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await requestDeletion(ctx, currentUser(request).id, request.body.password, request.headers.cookie),
        ),
  );
};
