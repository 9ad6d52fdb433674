// buildApp(config): the one factory main.ts and every test use. Plugins are registered in this order:
// 1. schema compilers and error handling, 2. database, 3. OpenAPI, 4. feature routes, 5. web app + previews.
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Db, type DbKind } from './db/connect.ts';
import type { WriteVersion } from './db/write-watch.ts';
import { migrateToLatest } from './db/migrate.ts';
import { badUrl, registerErrorHandling } from './http/errors.ts';
import { refuseNul } from './http/no-nul.ts';
import { canonicalUrl } from './http/canonical-url.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { echoRequestId, loggerOptions, requestIdFor } from './http/logging.ts';
import { metricsPlugin } from './http/metrics.ts';
import { registerLifecycle } from './http/shutdown.ts';
import { clubRoutes } from './features/clubs/routes.ts';
import { eventRoutes } from './features/events/routes.ts';
import { catalogueTables } from './features/events/index.ts';
import { searchRoutes } from './features/search/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { mediaRoutes } from './features/media/routes.ts';
import { webRoutes } from './features/web/routes.ts';
import { authPlugin } from './auth/auth-plugin.ts';
import { jobQueuePlugin } from './jobs/queue.ts';
import { mailPlugin } from './features/mail/plugin.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { accountSettingsRoutes } from './features/accounts/settings-routes.ts';
import { pushPlugin } from './features/push/routes.ts';
import { deliveryPlugin } from './features/delivery/plugin.ts';
import { notificationPreferenceRoutes } from './features/notifications/preferences-routes.ts';
import { roleRoutes } from './features/roles/routes.ts';
import { realtimePlugin } from './realtime/socket-server.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { presenceRoutes } from './features/presence/routes.ts';
import { presenceSweeper } from './features/presence/plugin.ts';
import { reminderScheduler } from './features/reminders/plugin.ts';
import { clubStaffRoutes } from './features/club-staff/routes.ts';
import { checkinRoutes } from './features/checkin/routes.ts';
import { leaveDoorsNoLongerAllowed } from './features/checkin/index.ts';
import { incidentRoutes } from './features/incidents/routes.ts';
import { ticketSigningPlugin } from './features/tickets/signing.ts';
import { ticketRoutes } from './features/tickets/routes.ts';
import { paymentsPlugin } from './features/payments/index.ts';
import { profileRoutes } from './features/profiles/routes.ts';
import { connectionRoutes } from './features/connections/routes.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { managementRoutes } from './features/management/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { dashboardRoutes } from './features/dashboards/routes.ts';
import { assistantRoutes } from './features/assistant/routes.ts';
import { promoterRoutes } from './features/promoters/routes.ts';
import { djRoutes } from './features/djs/routes.ts';
import { myNightRoutes } from './features/my-night/routes.ts';
import { wallRoutes } from './features/wall/routes.ts';
import { exploreRoutes } from './features/explore/routes.ts';
import { whatsNewRoutes } from './features/whats-new/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DbKind;
    // Moves when a write to a catalogue table commits in this process (the public answer cache's signal).
    catalogueWrites: WriteVersion;
    config: Config;
  }
}

// role 'worker': the process worker.ts starts, whose queue loop runs only the side work (see jobs/queue.ts).
export type BuildOptions = { logger?: boolean; migrate?: boolean; role?: 'server' | 'worker' };

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    genReqId: (request) => requestIdFor(request.headers, config.trustProxy),
    bodyLimit: 1024 * 1024,
    // No time limit on a plugin's start: the web routes load the server renderer, which on a busy machine takes
    // longer than Fastify's default 10 s; a start that truly hangs is caught by the health check, not a guess.
    pluginTimeout: 0,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Every guard reads request.url: it holds the canonical path (the raw one stays in request.originalUrl).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    // A path with a malformed escape (`%zz`, a lone `%`) that the router cannot decode.
    frameworkErrors: (error, request, reply) => void badUrl(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  refuseNul(app);
  echoRequestId(app);

  const { db, kind, writes } = openDatabase(config.database, {
    poolWaitMs: config.databasePoolWaitMs,
    watchTables: catalogueTables,
  });
  app.decorate('db', db);
  app.decorate('dbKind', kind);
  app.decorate('catalogueWrites', writes);
  app.decorate('config', config);
  app.decorate(
    'jobRole',
    options.role === 'worker' ? 'worker' : config.jobWorker === 'inline' ? 'all' : 'server',
  );
  registerLifecycle(app);
  app.addHook('onClose', async () => db.destroy());
  if (options.migrate !== false) await migrateToLatest(db);

  // gzip/brotli for the web bundle and API JSON: a phone on 3G downloads a third of the bytes.
  await app.register(compress, { threshold: 1024 });
  await registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Nocturna API',
        description: 'API de Nocturna: discotecas y eventos de Madrid.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(metricsPlugin);
  await app.register(jobQueuePlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(accountRoutes);
  await app.register(roleRoutes);
  await app.register(realtimePlugin);
  await app.register(accountSettingsRoutes);
  await app.register(pushPlugin);
  await app.register(deliveryPlugin);
  await app.register(notificationPreferenceRoutes);
  await app.register(ticketSigningPlugin);
  await app.register(notificationRoutes);
  await app.register(presenceRoutes);
  await app.register(profileRoutes);
  await app.register(connectionRoutes);
  await app.register(presenceSweeper);
  await app.register(reminderScheduler);
  await app.register(messageRoutes);
  await app.register(reportRoutes);
  await app.register(contactRoutes);
  await app.register(healthRoutes);
  await app.register(clubRoutes);
  await app.register(eventRoutes);
  await app.register(searchRoutes);
  await app.register(clubStaffRoutes, {
    doorAccessLost: (userId) => leaveDoorsNoLongerAllowed({ io: app.realtime.io, db: app.db }, userId),
  });
  await app.register(checkinRoutes);
  await app.register(incidentRoutes);
  await app.register(managementRoutes);
  await app.register(analyticsRoutes);
  await app.register(dashboardRoutes);
  await app.register(exploreRoutes);
  await app.register(whatsNewRoutes);
  // Before the tickets routes: they take the card provider it sets up (when Stripe is configured).
  await app.register(paymentsPlugin);
  await app.register(ticketRoutes, { payments: app.paymentProviders });
  await app.register(assistantRoutes);
  await app.register(promoterRoutes);
  await app.register(djRoutes);
  await app.register(myNightRoutes);
  await app.register(wallRoutes);
  await app.register(mediaRoutes);
  await app.register(webRoutes);
  return app;
}
