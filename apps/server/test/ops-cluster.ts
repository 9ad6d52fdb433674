// Two real server processes on one PostgreSQL schema (and, when given, one Redis), plus an in-process app on
// the same schema and secret for the fixtures (sessions, events) and for reading the database afterwards.
// Also a small TCP balancer that plays the reverse proxy: each new connection goes to the first server that
// accepts it, so a client whose server went away lands on the other one.
import net from 'node:net';
import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startServer, type ServerProcess } from './server-process.ts';

export const CLUSTER_SECRET = 'ops-cluster-secret-0123456789abcdef0123456789';

export type Cluster = {
  servers: ServerProcess[];
  app: FastifyInstance;
  close: () => Promise<void>;
};

export async function startCluster(options: {
  databaseUrl: string;
  redisUrl?: string;
  schema?: string;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const schema = options.schema;
  if (schema) {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.end();
  }
  const url = new URL(options.databaseUrl);
  if (schema) url.searchParams.set('options', `-c search_path=${schema}`);
  const env = {
    DATABASE_URL: url.toString(),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    AUTH_SECRET: CLUSTER_SECRET,
    TRUST_PROXY: 'true',
    ...options.env,
  };
  // One after the other: the first one migrates.
  const first = await startServer(env);
  const second = await startServer(env);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: CLUSTER_SECRET,
    DATA_DIR: first.dataDir,
  });
  const app = await buildApp(
    { ...config, database: { kind: 'postgres', url: options.databaseUrl, schema } },
    { logger: false, migrate: false },
  );
  await app.ready();
  const servers = [first, second];
  return {
    servers,
    app,
    close: async () => {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
      await app.close();
      // The schema stays until the run's global setup drops it with the others (test/global-setup.ts).
      for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
    },
  };
}

export async function tcpBalancer(ports: number[]): Promise<{ url: string; close: () => Promise<void> }> {
  const open = new Set<net.Socket>();
  const tryConnect = (index: number, inbound: net.Socket) => {
    if (index >= ports.length) return inbound.destroy();
    const outbound = net.connect(ports[index]!, '127.0.0.1');
    let linked = false;
    outbound.once('error', () => {
      if (!linked) tryConnect(index + 1, inbound);
    });
    outbound.once('connect', () => {
      linked = true;
      open.add(inbound).add(outbound);
      inbound.pipe(outbound).pipe(inbound);
      for (const s of [inbound, outbound])
        s.on('error', () => undefined).on('close', () => {
          open.delete(s);
          inbound.destroy();
          outbound.destroy();
        });
      inbound.resume();
    });
  };
  const server = net.createServer({ pauseOnConnect: true }, (inbound) => tryConnect(0, inbound));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
