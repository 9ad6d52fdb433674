// Which statements count as a write to a watched table, run for real on an in-memory SQLite database.
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSqliteDialect } from './node-sqlite-dialect.ts';
import { watchWrites } from './write-watch.ts';

describe('write watch', () => {
  const watch = watchWrites(nodeSqliteDialect(new DatabaseSync(':memory:')), ['events', 'ticket_types']);
  const db = new Kysely<Record<string, Record<string, unknown>>>({ dialect: watch.dialect });

  beforeAll(async () => {
    await sql`create table events (id integer primary key, name text, updated_at text)`.execute(db);
    await sql`create table ticket_types (id integer primary key, sold integer)`.execute(db);
    await sql`create table events_archive (id integer primary key)`.execute(db);
    await sql`create table sessions (id integer primary key, updated_at text)`.execute(db);
  });
  afterAll(async () => db.destroy());

  const moves = async (statement: () => Promise<unknown>) => {
    const before = watch.version();
    await statement();
    return watch.version() - before;
  };

  it('counts the builder’s and raw writes to a watched table', async () => {
    expect(await moves(() => db.insertInto('events').values({ id: 1, name: 'a' }).execute())).toBe(1);
    expect(await moves(() => db.updateTable('events').set({ name: 'b' }).execute())).toBe(1);
    expect(
      await moves(() => sql`insert or ignore into ticket_types (id, sold) values (1, 0)`.execute(db)),
    ).toBe(1);
    expect(await moves(() => sql`UPDATE ticket_types SET sold = sold + 1`.execute(db))).toBe(1);
    expect(await moves(() => sql`replace into events (id, name) values (2, 'c')`.execute(db))).toBe(1);
    expect(
      await moves(() =>
        sql`with gone as (select 2 as id) delete from events where id in (select id from gone)`.execute(db),
      ),
    ).toBe(1);
  });

  it('does not count reads, other tables, or a column named like a verb', async () => {
    expect(await moves(() => db.selectFrom('events').selectAll().execute())).toBe(0);
    expect(await moves(() => sql`insert into events_archive (id) values (1)`.execute(db))).toBe(0);
    expect(await moves(() => sql`update sessions set updated_at = 'x'`.execute(db))).toBe(0);
    expect(await moves(() => sql`select updated_at from events`.execute(db))).toBe(0);
  });

  it('counts a transaction’s writes once, when it commits, and a rolled-back one never', async () => {
    let during = -1;
    const committed = await moves(() =>
      db.transaction().execute(async (trx) => {
        const start = watch.version();
        await trx.updateTable('events').set({ name: 'd' }).execute();
        await trx.updateTable('ticket_types').set({ sold: 2 }).execute();
        during = watch.version() - start;
      }),
    );
    expect(during).toBe(0);
    expect(committed).toBe(1);
    const rolledBack = await moves(() =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('events').set({ name: 'e' }).execute();
          throw new Error('undo');
        })
        .catch(() => undefined),
    );
    expect(rolledBack).toBe(0);
  });
});
