// Graceful shutdown on SIGTERM: readiness turns 503 at once (the proxy stops sending new work here), the
// listener closes, requests in flight finish (new ones on kept-alive connections get 503), every response sent
// while draining carries `Connection: close`, sockets are told to come back after a short spread-out delay and
// closed, periodic jobs finish their run (preClose hooks of realtime and jobs), then the database and Redis
// close. After `graceMs` the connections still open are cut so the process can exit.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
  }
}

export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
  // A response finished while draining closes its connection: a kept-alive client that sends nothing more would
  // otherwise hold the server's close until the grace period cut it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
}

export async function shutDown(app: FastifyInstance, reason: string): Promise<number> {
  const graceMs = app.config.shutdownGraceMs;
  app.lifecycle.draining = true;
  app.log.info({ reason, graceMs }, 'shutting down: finishing the requests in flight');
  const deadline = setTimeout(() => {
    // How many were still open says which part held the close: connections, or a hook (jobs, sockets) if none.
    app.server.getConnections((_err, open) => {
      app.log.warn({ open }, 'shutdown grace period over: cutting the connections still open');
      app.server.closeAllConnections();
    });
  }, graceMs);
  try {
    await app.close();
    app.log.info('shut down cleanly');
    return 0;
  } catch (err) {
    app.log.error({ err }, 'error while closing');
    return 1;
  } finally {
    clearTimeout(deadline);
  }
}
