// Hot statements become named prepared statements on PostgreSQL (db/pg-prepared.ts). Runs when
// TEST_DATABASE_URL names a PostgreSQL, like the other PostgreSQL suites.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_PER_CALL, prepareHotStatements } from '../../src/db/pg-prepared.ts';
import { testSchema } from '../test-app.ts';

const PG = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe.each(PG)('prepared hot statements on PostgreSQL (%s)', (url) => {
  const schema = testSchema('prep');
  let pool: pg.Pool;
  // One connection, so what it prepared is what pg_prepared_statements shows.
  type Query = (text: string, values: unknown[]) => Promise<pg.QueryResult>;
  let query: Query;
  const prepared = async () =>
    (
      await pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements order by name',
      )
    ).rows;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    // The tests use the pool's one client directly after releasing it, so the pool must never close it as idle
    // (by default after 10 s without a checkout, which a slow machine reaches within one test).
    pool = new pg.Pool({
      connectionString: url,
      max: 1,
      idleTimeoutMillis: 0,
      options: `-c search_path=${schema}`,
    });
    prepareHotStatements(pool);
    const client = await pool.connect();
    client.release();
    // The form Kysely's driver uses.
    query = (text, values) => (client.query as unknown as Query)(text, values);
    await pool.query('create table bands (id int primary key, name text not null)');
    await pool.query(`insert into bands values (1, 'Vetusta Morla'), (2, 'Love of Lesbian')`);
  });
  afterAll(async () => {
    // The schema is dropped with the run's others once every file is done (test/global-setup.ts).
    await pool.end();
  });

  it('prepares a statement once it has been sent three times, and answers it the same', async () => {
    const text = 'select name from bands where id = $1';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await query(text, [1 + (i % 2)])).rows[0].name);
    expect(answers).toEqual([
      'Vetusta Morla',
      'Love of Lesbian',
      'Vetusta Morla',
      'Love of Lesbian',
      'Vetusta Morla',
    ]);
    expect((await prepared()).map((p) => p.statement)).toContain(text);
  });

  it('leaves rarely sent statements and `select *` unprepared', async () => {
    await query('select id from bands where name = $1', ['Vetusta Morla']);
    for (let i = 0; i < 5; i++) await query('select * from bands where id = $1', [1]);
    for (let i = 0; i < 5; i++) await query('select bands.* from bands where id = $1', [1]);
    const statements = (await prepared()).map((p) => p.statement);
    expect(statements).not.toContain('select id from bands where name = $1');
    expect(statements.some((s) => s.includes('*'))).toBe(false);
  });

  it('leaves a statement marked as planned per call unprepared, however often it is sent', async () => {
    const text = `${PLANNED_PER_CALL} select name from bands where id = $1`;
    for (let i = 0; i < 6; i++) expect((await query(text, [1])).rows[0].name).toBe('Vetusta Morla');
    expect((await prepared()).map((p) => p.statement)).not.toContain(text);
  });

  it('keeps answering a prepared statement after a migration adds a column', async () => {
    const text = 'select id, name from bands where id = $1';
    for (let i = 0; i < 4; i++) await query(text, [2]);
    await pool.query('alter table bands add column city text');
    expect((await query(text, [2])).rows).toEqual([{ id: 2, name: 'Love of Lesbian' }]);
    expect((await query('select * from bands where id = $1', [2])).rows).toEqual([
      { id: 2, name: 'Love of Lesbian', city: null },
    ]);
  });

  it('names at most 400 statements per pool', async () => {
    for (let n = 0; n < 450; n++) {
      const text = `select $1::int + ${n} as v`;
      for (let i = 0; i < 3; i++) expect((await query(text, [i])).rows[0].v).toBe(i + n);
    }
    expect((await prepared()).length).toBe(400);
  });
});
