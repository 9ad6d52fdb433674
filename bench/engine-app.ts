// The real app for an in-process benchmark on SQLite (a fresh data directory) or PostgreSQL (a fresh schema on
// BENCH_DATABASE_URL or TEST_DATABASE_URL), and what removes both afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';

export const benchPgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function onPostgres(statement: string) {
  const client = new pg.Client({ connectionString: benchPgUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

export async function engineApp(
  engine: 'sqlite' | 'postgres',
  name: string,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; config: Config; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nocturna-bench-${name}-`));
  const base = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    ...env,
  });
  const schema = `bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  let config: Config = base;
  if (engine === 'postgres') {
    await onPostgres(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    config = { ...base, database: { kind: 'postgres', url: benchPgUrl!, schema } };
  }
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      if (engine === 'postgres') await onPostgres(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
