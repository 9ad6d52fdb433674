import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/connect.ts';
import { pendingMigrations } from '../../db/migrate.ts';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), ok: z.boolean() }),
  // Without Redis the realtime channel reaches only this server's sockets; HTTP keeps serving either way.
  redis: z.object({ configured: z.boolean(), ok: z.boolean() }),
  uptimeSeconds: z.number(),
});

const readiness = z.object({
  ready: z.boolean(),
  // Why not, in Spanish, for the operator reading it: empty when ready.
  reasons: z.array(z.string()),
  draining: z.boolean(),
  database: z.object({ ok: z.boolean(), pendingMigrations: z.array(z.string()) }),
  redis: z.object({ configured: z.boolean(), ok: z.boolean() }),
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

  // Readiness, for the proxy or orchestrator: 503 while this server cannot do its work (database unreachable,
  // migrations missing, Redis configured but away) or is shutting down.
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Si este servidor puede recibir tráfico',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const draining = app.lifecycle.draining;
      const ok = await pingDatabase(app.db);
      const pending = ok ? await pendingMigrations(app.db).catch(() => null) : null;
      const redis = app.realtime.redisState();
      const reasons = [
        ...(draining ? ['El servidor se está apagando.'] : []),
        ...(!ok ? ['La base de datos no responde.'] : []),
        ...(ok && pending === null ? ['No se pudo leer el estado de las migraciones.'] : []),
        ...(pending?.length ? [`Faltan migraciones: ${pending.join(', ')}.`] : []),
        ...(redis.configured && !redis.ok ? ['Redis no responde.'] : []),
      ];
      const ready = reasons.length === 0;
      return reply.status(ready ? 200 : 503).send({
        ready,
        reasons,
        draining,
        database: { ok, pendingMigrations: pending ?? [] },
        redis,
      });
    },
  );
};
