// Two server processes can share one SQLite file. A transaction that reads and then writes must not be refused
// because the other process committed in between: it takes the write lock when it starts, so the other
// connection is the one that waits (up to its busy timeout) instead of this one failing at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeSqliteDialect } from '../../src/db/node-sqlite-dialect.ts';

type Tables = { entries: { id: string; by: string } };

describe('SQLite transactions beside another connection on the same file', () => {
  let dir: string;
  let db: Kysely<Tables>;
  let other: DatabaseSync;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nocturna-sqlite-tx-'));
    const file = path.join(dir, 'data.db');
    const own = new DatabaseSync(file, { timeout: 5000 });
    own.exec('PRAGMA journal_mode = WAL');
    db = new Kysely<Tables>({ dialect: nodeSqliteDialect(own) });
    await sql`CREATE TABLE entries (id TEXT PRIMARY KEY, by TEXT NOT NULL)`.execute(db);
    // The other process's connection, told not to wait, so that whoever has to wait shows at once.
    other = new DatabaseSync(file, { timeout: 0 });
  });
  afterEach(async () => {
    other.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits a read-then-write transaction although another connection tried to write after its read', async () => {
    let otherWrite = 'not tried';
    await db.transaction().execute(async (tx) => {
      expect(await tx.selectFrom('entries').selectAll().execute()).toEqual([]);
      try {
        other.exec(`INSERT INTO entries (id, by) VALUES ('b', 'other')`);
        otherWrite = 'written';
      } catch (err) {
        otherWrite = (err as Error).message;
      }
      await tx.insertInto('entries').values({ id: 'a', by: 'transaction' }).execute();
    });
    // The other connection had to wait for the lock; once the transaction is over it writes as well.
    expect(otherWrite).toBe('database is locked');
    other.exec(`INSERT INTO entries (id, by) VALUES ('b', 'other')`);
    expect(await db.selectFrom('entries').selectAll().orderBy('id').execute()).toEqual([
      { id: 'a', by: 'transaction' },
      { id: 'b', by: 'other' },
    ]);
  });
});
