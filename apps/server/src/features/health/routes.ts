import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/connect.ts';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), ok: z.boolean() }),
  // Without Redis the realtime channel reaches only this server's sockets; HTTP keeps serving either way.
  redis: z.object({ configured: z.boolean(), ok: z.boolean() }),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servidor y de su base de datos',
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
      const ok = await pingDatabase(app.db);
      const redis = app.realtime.redisState();
      const healthy = ok && (!redis.configured || redis.ok);
      const body = {
        status: healthy ? ('ok' as const) : ('degraded' as const),
        database: { kind: app.dbKind, ok },
        redis,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
