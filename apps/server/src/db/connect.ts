// Opens the Kysely instance for the configured engine: node:sqlite (WAL, foreign keys on) or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { nodeSqliteDialect } from './node-sqlite-dialect.ts';
import { WORD_SIMILARITY_THRESHOLD } from './trigram-schema.ts';
import { prepareHotStatements } from './pg-prepared.ts';
import type { Database } from './schema.ts';
import { watchWrites, type WriteVersion } from './write-watch.ts';

export type Db = Kysely<Database>;
export type DbKind = Config['database']['kind'];

// `writes` counts the committed writes of this process to the tables named in `watchTables` (none by default).
export type DbHandle = { db: Db; kind: DbKind; sqlite?: DatabaseSync; writes: WriteVersion };
type OpenOptions = { poolWaitMs?: number; watchTables?: readonly string[] };

// pg returns int8 (COUNT, SUM) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function openDatabase(database: Config['database'], options: OpenOptions = {}): DbHandle {
  const watched = (dialect: Dialect) => {
    if (!options.watchTables?.length) return { dialect, writes: { version: () => 0 } };
    const watch = watchWrites(dialect, options.watchTables);
    return { dialect: watch.dialect, writes: watch };
  };
  if (database.kind === 'sqlite') {
    if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new DatabaseSync(database.file, { timeout: 5000 });
    sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
    const { dialect, writes } = watched(nodeSqliteDialect(sqlite));
    return { db: new Kysely<Database>({ dialect }), kind: 'sqlite', sqlite, writes };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    // While PostgreSQL restarts, or every connection is busy, a request waits at most this long for one, then
    // answers 503 (DATABASE_POOL_WAIT_MS).
    connectionTimeoutMillis: options.poolWaitMs ?? 5000,
    // pg_trgm's word-similarity operator (the search's typo tolerance) at the threshold text-search.ts uses.
    options: [
      database.schema ? `-c search_path=${database.schema}` : '',
      `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    ]
      .filter(Boolean)
      .join(' '),
  });
  // An idle connection that PostgreSQL closes (a restart, a failover) is dropped from the pool, which opens a new
  // one on the next query; without a listener the 'error' event would end the process.
  pool.on('error', () => {});
  // A checked-out connection (between two statements of a transaction, say) reports the same on the client,
  // not the pool: its next query fails (503 to the request), and the pool drops it when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  prepareHotStatements(pool);
  const { dialect, writes } = watched(new PostgresDialect({ pool }));
  return { db: new Kysely<Database>({ dialect }), kind: 'postgres', writes };
}

export async function pingDatabase(db: Db, timeoutMs = 3000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const ping = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
