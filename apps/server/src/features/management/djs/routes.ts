// The DJ accounts a club's manager can link in an event's line-up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../auth/guards.ts';
import { requireManagerOfSomething } from '../caller.ts';
import { errors, tags } from '../route-schemas.ts';
import { searchDjAccounts } from './repository.ts';

export const lineupDjRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/manage/djs',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Cuentas de DJ para enlazar en el cartel',
        querystring: z.object({ q: z.string().trim().max(60).default('') }),
        response: {
          200: z.object({
            items: z.array(z.object({ id: z.string(), name: z.string(), username: z.string().nullable() })),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      await requireManagerOfSomething(app.db, request);
      return { items: await searchDjAccounts(app.db, request.query.q.toLowerCase()) };
    },
  );
};
