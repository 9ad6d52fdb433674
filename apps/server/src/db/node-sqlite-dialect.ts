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
  const cache = new Map<string, StatementSync>();
  const prepare = (sql: string): StatementSync => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
    }
    return statement;
  };
  return new SqliteDialect({
    database: {
      close: () => {
        cache.clear();
        database.close();
      },
      prepare: (sql: string) => {
        const statement = prepare(sql);
        return {
          reader: statement.columns().length > 0,
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
