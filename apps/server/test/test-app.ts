// Builds the real app against a real database for a test file: a fresh SQLite file, or a fresh
// PostgreSQL schema when TEST_DATABASE_URL is set. No mocks of our own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { copyOfTemplate } from './template-database.ts';

export type Dialect = 'sqlite' | 'postgres';

// Every test file runs its suite once per engine available: SQLite always, PostgreSQL when configured.
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

// A fresh PostgreSQL schema name for this run (`tag` says what made it). The run's global setup drops every
// schema with its prefix once all files are done; files never drop their own (see global-setup.ts).
export function testSchema(tag = 'f'): string {
  return `${inject('pgSchemaPrefix')}${tag}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
}

export type TestApp = { app: FastifyInstance; config: Config; close: () => Promise<void> };

export function testConfig(
  dialect: Dialect,
  overrides: Partial<Config> = {},
): { config: Config; cleanup: () => Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-test-'));
  // Tests stand behind a pretend proxy so each can act from its own IP through X-Forwarded-For.
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    TRUST_PROXY: 'true',
  });
  if (dialect === 'sqlite') {
    return {
      config: { ...base, ...overrides },
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = testSchema();
  return {
    config: { ...base, database: { kind: 'postgres', url, schema }, ...overrides },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function createSchema(config: Config): Promise<void> {
  if (config.database.kind !== 'postgres' || !config.database.schema) return;
  const client = new pg.Client({ connectionString: config.database.url });
  await client.connect();
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${config.database.schema}`);
  await client.end();
}

// The app on a copy of the run's migrated template database (template-database.ts); it still runs its migrations
// on start, which finds none left to apply.
export async function createTestApp(dialect: Dialect, overrides: Partial<Config> = {}): Promise<TestApp> {
  const fresh = testConfig(dialect, overrides);
  const { config, drop } = await copyOfTemplate(fresh.config);
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await drop();
      await fresh.cleanup();
    },
  };
}
