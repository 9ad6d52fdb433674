// The SQLite bridge binds only values SQLite can hold. node:sqlite reads a plain object passed first as a set of
// named parameters, so an object from a request body (`{"name":{}}`) used to shift every `?` after it by one
// place: the SET got the id, the WHERE got NULL, and the statement ran. Now it throws before running anything.
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeSqliteDialect } from '../../src/db/node-sqlite-dialect.ts';

type Tables = {
  people: { id: string; name: string | null; active: number | null; seen: string | null; photo: unknown };
};

describe('node:sqlite parameters', () => {
  let db: Kysely<Tables>;
  beforeEach(async () => {
    db = new Kysely<Tables>({ dialect: nodeSqliteDialect(new DatabaseSync(':memory:')) });
    await sql`CREATE TABLE people (id TEXT PRIMARY KEY, name TEXT, active INTEGER, seen TEXT, photo BLOB)`.execute(
      db,
    );
    await db
      .insertInto('people')
      .values({ id: 'ana', name: 'Ana', active: 1, seen: null, photo: null })
      .execute();
  });
  afterEach(async () => db.destroy());

  const names = async () => await db.selectFrom('people').select(['id', 'name']).orderBy('id').execute();

  it.each([
    ['an empty object', {}],
    ['an operator object', { $ne: 1 }],
    ['an array', ['a']],
    ['a nested array', [['a']]],
    ['a Map', new Map()],
    ['a symbol', Symbol('x')],
  ])('refuses %s in an UPDATE instead of binding it, and changes nothing', async (_label, value) => {
    const update = db
      .updateTable('people')
      .set({ name: value as never })
      .where('id', '=', 'ana')
      .execute();
    await expect(update).rejects.toThrow(/SQLite parameter 1 .*cannot be bound/);
    expect(await names()).toEqual([{ id: 'ana', name: 'Ana' }]);
  });

  it('refuses an object in a WHERE and in a raw statement', async () => {
    await expect(
      db
        .selectFrom('people')
        .selectAll()
        .where('id', '=', { $gt: '' } as never)
        .execute(),
    ).rejects.toThrow(/SQLite parameter 1 is an object/);
    await expect(sql`SELECT ${{ id: 'ana' }} AS x`.execute(db)).rejects.toThrow(/is an object/);
    await expect(
      db
        .insertInto('people')
        .values({ id: 'eva', name: { toString: () => 'Eva' } as never, active: 1, seen: null, photo: null })
        .execute(),
    ).rejects.toThrow(/SQLite parameter 2 is an object/);
    expect(await names()).toEqual([{ id: 'ana', name: 'Ana' }]);
  });

  it('binds what SQLite holds: text, numbers, bigints, booleans, Dates, null, undefined and bytes', async () => {
    const at = new Date('2025-06-15T22:00:00.000Z');
    const bytes = new Uint8Array([1, 2, 3]);
    await db
      .insertInto('people')
      .values({ id: 'eva', name: 'Eva', active: true as never, seen: at as never, photo: bytes })
      .execute();
    await db
      .insertInto('people')
      .values({
        id: 'leo',
        name: null,
        active: 10n as never,
        seen: undefined as never,
        photo: Buffer.from([9]),
      })
      .execute();
    await db
      .updateTable('people')
      .set({ active: false as never, seen: 1.5 as never })
      .where('id', '=', 'ana')
      .execute();
    const rows = await db.selectFrom('people').selectAll().orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, photo: r.photo ? [...(r.photo as Uint8Array)] : null }))).toEqual([
      { id: 'ana', name: 'Ana', active: 0, seen: '1.5', photo: null },
      { id: 'eva', name: 'Eva', active: 1, seen: at.toISOString(), photo: [1, 2, 3] },
      { id: 'leo', name: null, active: 10, seen: null, photo: [9] },
    ]);
  });
});
