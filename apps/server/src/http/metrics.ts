// Prometheus metrics at /metrics (prom-client): Node's own (event-loop lag, heap, RSS, handles), HTTP latency
// per route, and the gauges features register with `app.metrics.gauge` (sockets, tickets and check-ins per
// event, job queues). Off unless METRICS_TOKEN is set, and then only with `Authorization: Bearer <token>`.
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { periodicJobsOf } from '../jobs/periodic.ts';
import { AppError, sendError } from './errors.ts';

type GaugeSample = { labels?: Record<string, string>; value: number };

export type Metrics = {
  registry: Registry;
  // A gauge read when Prometheus scrapes: `collect` returns its samples (an SQL aggregate, a live count).
  gauge: (
    name: string,
    help: string,
    labelNames: readonly string[],
    collect: () => GaugeSample[] | Promise<GaugeSample[]>,
  ) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

// Seconds; the buckets bracket what the API answers in (a cached list in 2 ms, a flash-sale purchase in 300 ms).
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5];

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, per route pattern, method and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      latency.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const gauge: Metrics['gauge'] = (name, help, labelNames, collect) => {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          const samples = await collect();
          this.reset();
          for (const sample of samples) this.set(sample.labels ?? {}, sample.value);
        },
      });
    };
    gauge('nocturna_jobs_running', 'Periodic jobs with a run in progress on this server', ['job'], () =>
      periodicJobsOf(app).map((job) => ({ labels: { job: job.name }, value: job.running() ? 1 : 0 })),
    );
    app.decorate('metrics', { registry, gauge });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const token = app.config.metricsToken;
      if (!token)
        return sendError(reply, new AppError(404, 'ROUTE_NOT_FOUND', 'No existe la ruta GET /metrics.'));
      if (!tokenMatches(request, token))
        return sendError(reply, new AppError(401, 'UNAUTHENTICATED', 'Falta el token de métricas.'));
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'nocturna-metrics' },
);
