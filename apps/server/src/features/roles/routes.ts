// Role questions ("does user X hold role R", "my roles") and the admin's grant/revoke with audit. The routes are
// grouped by resource and registered in this order, the order of the API document.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  adminUserListSchema,
  hasRoleSchema,
  myRolesSchema,
  roleAuditListSchema,
  roleChangeSchema,
  roleSchema,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
} from '@nocturna/shared';
import { currentUser, requireRole, requireUser } from '../../auth/guards.ts';
import { AppError } from '../../http/errors.ts';
import { hasRole, rolesOf } from './repository.ts';
import { grantRole, listUsersWithRoles, revokeRole, roleAudit } from './service.ts';
import { leaveDoorsNoLongerAllowed } from '../checkin/index.ts';
import { notify } from '../notifications/index.ts';
import { roleGranted } from '../notifications/index.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const userRoleParams = z.object({ userId: z.string().min(1).max(100), role: roleSchema });

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  roleQuestionRoutes(app);
  roleGrantRoutes(app);
  roleAuditRoutes(app);
};

// My roles, and whether someone holds a role.
function roleQuestionRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/roles',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cuentas'],
        summary: 'Roles del usuario con sesión',
        response: { 200: myRolesSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { userId: user.id, roles: await rolesOf(app.db, user.id) };
    },
  );

  app.get(
    '/api/users/:userId/roles/:role',
    {
      preValidation: requireUser,
      schema: {
        tags: ['cuentas'],
        summary: 'Si un usuario tiene un rol (el propio, o cualquiera si eres admin)',
        params: userRoleParams,
        response: { 200: hasRoleSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { userId, role } = request.params;
      if (userId !== user.id && !(await hasRole(app.db, user.id, 'admin'))) {
        throw new AppError(403, 'FORBIDDEN', 'Solo puedes consultar tus propios roles.');
      }
      return { userId, role, hasRole: await hasRole(app.db, userId, role) };
    },
  );
}

// The admin's list of people with their roles, and granting or revoking one.
function roleGrantRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/users',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Usuarios con sus roles',
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          cursor: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
        }),
        response: { 200: adminUserListSchema, ...errors },
      },
    },
    async (request) => listUsersWithRoles(app.db, request.query),
  );

  app.put(
    '/api/admin/users/:userId/roles/:role',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Conceder un rol',
        params: userRoleParams,
        response: { 200: roleChangeSchema, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const result = await grantRole(app.db, actor, request.params.userId, request.params.role);
      if (result.changed)
        await notify(app.db, app.realtime, roleGranted(result.userId, result.role, actor.id));
      return result;
    },
  );

  app.delete(
    '/api/admin/users/:userId/roles/:role',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Retirar un rol',
        params: userRoleParams,
        response: { 200: roleChangeSchema, ...errors },
      },
    },
    async (request) => {
      const result = await revokeRole(
        app.db,
        currentUser(request),
        request.params.userId,
        request.params.role,
      );
      // A CEO's clubs and an admin's every door go with the role.
      // Its sockets are reached at the request: the realtime plugin registers after these routes.
      if (result.changed) await leaveDoorsNoLongerAllowed({ io: app.realtime.io, db: app.db }, result.userId);
      return result;
    },
  );
}

// The record of granted and revoked roles (admin).
function roleAuditRoutes(base: FastifyInstance): void {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/roles/audit',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Registro de cambios de rol (quién y cuándo)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50) }),
        response: { 200: roleAuditListSchema, ...errors },
      },
    },
    async (request) => ({ items: await roleAudit(app.db, request.query.limit) }),
  );
}
