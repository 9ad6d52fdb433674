// The dashboards' own reads: the CEO's overview (their clubs; every club for an admin), the admin's platform
// figures, and the admin's "load the demo data" button (the spec's demo seed, safe to press twice).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOverviewSchema,
  apiErrorSchema,
  ceoDashboardSchema,
  liveAforoSchema,
  demoSeedResultSchema,
} from '@nocturna/shared';
import { currentUser, requireRole, requireUser } from '../../auth/guards.ts';
import { hasRole } from '../../auth/roles.ts';
import { AppError } from '../../http/errors.ts';
import { seedDemo } from '../../seed/demo.ts';
import { fileStorageFor } from '../../storage/file-storage.ts';
import { managedClubIds } from '../club-staff/index.ts';
import { adminOverview } from './admin-overview.ts';
import { ceoDashboard } from './ceo-dashboard.ts';
import { liveAforo } from './live-aforo.ts';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboards/ceo',
    {
      preValidation: requireUser,
      schema: {
        tags: ['gestión'],
        summary: 'Panel del CEO: sus discotecas, esta noche, próximos eventos y avisos',
        response: { 200: ceoDashboardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const ids = await managedClubIds(app.db, user.id);
      // A CEO with no club yet gets an empty dashboard (the page offers to open one); anyone else, 403.
      if (ids !== null && ids.length === 0 && !(await hasRole(app.db, user.id, 'ceo')))
        throw new AppError(403, 'NOT_CLUB_OWNER', 'No gestionas ninguna discoteca.');
      reply.header('cache-control', 'no-store');
      return ceoDashboard(app.db, ids);
    },
  );

  app.get(
    '/api/dashboards/ceo/aforo',
    {
      preValidation: requireUser,
      schema: {
        tags: ['gestión'],
        summary:
          'Aforo en directo de mis discotecas: dentro ahora frente a su capacidad, con avisos al 90 % y 100 %',
        response: { 200: liveAforoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const ids = await managedClubIds(app.db, user.id);
      if (ids !== null && ids.length === 0 && !(await hasRole(app.db, user.id, 'ceo')))
        throw new AppError(403, 'NOT_CLUB_OWNER', 'No gestionas ninguna discoteca.');
      reply.header('cache-control', 'no-store');
      return liveAforo(app.db, ids);
    },
  );

  app.get(
    '/api/admin/overview',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'La plataforma en cifras',
        response: { 200: adminOverviewSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return adminOverview(app.db);
    },
  );

  app.post(
    '/api/admin/demo-seed',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Cargar datos de demostración (2 discotecas, 4 eventos, 3 fotos, 1 entrada)',
        response: { 200: demoSeedResultSchema, ...errors },
      },
    },
    async () => seedDemo(app.db, fileStorageFor(app.config)),
  );
};
