// Once per server test run: the prefix of every PostgreSQL schema and database this run makes, a migrated template
// database per engine for createTestApp to copy (test-app.ts), and, at the end, their removal.
// Schemas are dropped here, after every file has finished, rather than by each file as it ends: Kysely's
// migrator lists the tables of every schema in the database, and a schema dropped by one file while another
// file's migrator reads the catalogue fails that migration ("schema … does not exist"), so files running in
// parallel on PostgreSQL would break each other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TEMPLATE_SCHEMA, databaseUrl } from './template-names.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgSchemaPrefix: string;
    sqliteTemplate: string;
    pgTemplate: string;
  }
}

async function migrated(database: Parameters<typeof openDatabase>[0]): Promise<void> {
  const { db } = openDatabase(database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

export async function setup(project: TestProject) {
  const prefix = `t${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}_`;
  project.provide('pgSchemaPrefix', prefix);
  // Migrating a fresh database takes a second (SQLite) to five (PostgreSQL) on the 2-core CI machine, and more
  // than a hundred apps are built per run: each engine is migrated once here, and each app starts on a copy.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-template-'));
  const sqliteTemplate = path.join(dir, 'nocturna.db');
  await migrated({ kind: 'sqlite', file: sqliteTemplate });
  project.provide('sqliteTemplate', sqliteTemplate);
  const url = process.env.TEST_DATABASE_URL;
  const pgTemplate = `${prefix}template`;
  project.provide('pgTemplate', url ? pgTemplate : '');
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${pgTemplate}"`);
    } finally {
      await admin.end();
    }
    const client = new pg.Client({ connectionString: databaseUrl(url, pgTemplate) });
    await client.connect();
    await client.query(`CREATE SCHEMA ${TEMPLATE_SCHEMA}`);
    await client.end();
    await migrated({ kind: 'postgres', url: databaseUrl(url, pgTemplate), schema: TEMPLATE_SCHEMA });
  }
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select nspname as name from pg_namespace where left(nspname, length($1)) = $1',
        [prefix],
      );
      for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      // Each file drops its own copy when it closes its app; this removes what a failed file left, and the template.
      const databases = await client.query<{ name: string }>(
        'select datname as name from pg_database where left(datname, length($1)) = $1',
        [prefix],
      );
      for (const { name } of databases.rows)
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
