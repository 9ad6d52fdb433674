// Knows when the rows of a set of tables have changed in this process: a dialect wrapper that looks at every
// statement's text on its way to the database and counts a change once a write to a watched table is durable,
// that is after the statement when it runs on its own, and after COMMIT when it runs inside a transaction (a
// transaction rolled back changes nothing). A reader that notes `version()` before it reads and finds it the same
// afterwards knows no watched write landed in between: the public response cache relies on that.
// Writes made by another process (a second server, the worker) are not seen here; whoever relies on the version
// must bound how long it trusts it.
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

export type WriteVersion = { version(): number };

const MAX_REMEMBERED_TEXTS = 2_000;

// `insert into t`, `insert or ignore into t`, `replace into t`, `update t`, `delete from t`, in a statement of
// its own or in a WITH clause, the table name quoted or not.
function writePattern(tables: readonly string[]): RegExp {
  const names = tables.map((t) => t.replace(/[^a-z0-9_]/gi, '')).join('|');
  return new RegExp(
    `\\b(?:insert\\s+(?:or\\s+\\w+\\s+)?into|replace\\s+into|update|delete\\s+from)\\s+"?(?:${names})"?(?!\\w)`,
    'i',
  );
}

export function watchWrites(
  dialect: Dialect,
  tables: readonly string[],
): { dialect: Dialect } & WriteVersion {
  const pattern = writePattern(tables);
  // Statement texts repeat (the builder produces the same text for every call of a query), so each is looked
  // at once.
  const known = new Map<string, boolean>();
  const writes = (sql: string) => {
    let hit = known.get(sql);
    if (hit === undefined) {
      hit = pattern.test(sql);
      if (known.size >= MAX_REMEMBERED_TEXTS) known.clear();
      known.set(sql, hit);
    }
    return hit;
  };

  let version = 0;
  const inTransaction = new WeakSet<DatabaseConnection>();
  const dirty = new WeakSet<DatabaseConnection>();
  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inners = new WeakMap<DatabaseConnection, DatabaseConnection>();

  const wrap = (inner: DatabaseConnection): DatabaseConnection => {
    let outer = wrappers.get(inner);
    if (!outer) {
      outer = {
        // A read goes straight through, with no promise of its own: only a write waits for its result.
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          if (!writes(query.sql)) return inner.executeQuery<R>(query);
          return inner.executeQuery<R>(query).then((result) => {
            if (inTransaction.has(inner)) dirty.add(inner);
            else version++;
            return result;
          });
        },
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => inner.streamQuery<R>(query, chunkSize),
      };
      wrappers.set(inner, outer);
      inners.set(outer, inner);
    }
    return outer;
  };
  const innerOf = (outer: DatabaseConnection) => inners.get(outer) ?? outer;

  const watchingDriver = (driver: Driver): Driver => {
    const watching: Driver = {
      init: () => driver.init(),
      acquireConnection: async () => wrap(await driver.acquireConnection()),
      beginTransaction: async (connection: DatabaseConnection, settings: TransactionSettings) => {
        const inner = innerOf(connection);
        await driver.beginTransaction(inner, settings);
        inTransaction.add(inner);
      },
      commitTransaction: async (connection: DatabaseConnection) => {
        const inner = innerOf(connection);
        try {
          await driver.commitTransaction(inner);
          if (dirty.has(inner)) version++;
        } finally {
          inTransaction.delete(inner);
          dirty.delete(inner);
        }
      },
      rollbackTransaction: async (connection: DatabaseConnection) => {
        const inner = innerOf(connection);
        try {
          await driver.rollbackTransaction(inner);
        } finally {
          inTransaction.delete(inner);
          dirty.delete(inner);
        }
      },
      releaseConnection: (connection: DatabaseConnection) => driver.releaseConnection(innerOf(connection)),
      destroy: () => driver.destroy(),
    };
    // Savepoints only where the engine's driver has them, so Kysely's own check for them stays true.
    for (const step of ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const) {
      const own = driver[step]?.bind(driver);
      if (own)
        watching[step] = (
          connection: DatabaseConnection,
          name: string,
          compile: QueryCompiler['compileQuery'],
        ) => own(innerOf(connection), name, compile);
    }
    return watching;
  };

  return {
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => watchingDriver(dialect.createDriver()),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
    version: () => version,
  };
}
