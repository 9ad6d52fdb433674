// Kysely's SqliteDialect expects a better-sqlite3-shaped database; node:sqlite is close but not the same.
// This bridge routes statements by whether they return columns, converts the parameter types node:sqlite
// refuses (booleans, Dates) and keeps prepared statements for reuse.
import type { DatabaseSync, StatementSync, SQLInputValue } from 'node:sqlite';
import { SqliteDialect } from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  // Whether a statement returns rows is asked on every execution; columns() builds fresh metadata each
  // time it is called, so the answer is kept with the prepared statement.
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  const prepare = (sql: string) => {
    let entry = cache.get(sql);
    if (!entry) {
      const statement = database.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, entry);
    }
    return entry;
  };
  return new SqliteDialect({
    database: {
      close: () => {
        cache.clear();
        database.close();
      },
      prepare: (sql: string) => {
        const { statement, reader } = prepare(sql);
        return {
          reader,
          all: (params: ReadonlyArray<unknown>) => statement.all(...params.map(toSqliteValue)),
          run: (params: ReadonlyArray<unknown>) => {
            const result = statement.run(...params.map(toSqliteValue));
            return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
          },
          iterate: (params: ReadonlyArray<unknown>) => statement.iterate(...params.map(toSqliteValue)),
        };
      },
    },
  });
}
