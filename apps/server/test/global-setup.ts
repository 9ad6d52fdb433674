// Once per server test run: the prefix of every PostgreSQL schema this run makes, and, at the end, their removal.
// Schemas are dropped here, after every file has finished, rather than by each file as it ends: Kysely's
// migrator lists the tables of every schema in the database, and a schema dropped by one file while another
// file's migrator reads the catalogue fails that migration ("schema … does not exist"), so files running in
// parallel on PostgreSQL would break each other.
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgSchemaPrefix: string;
  }
}

export function setup(project: TestProject) {
  const prefix = `t${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}_`;
  project.provide('pgSchemaPrefix', prefix);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select nspname as name from pg_namespace where left(nspname, length($1)) = $1',
        [prefix],
      );
      for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    } finally {
      await client.end();
    }
  };
}
