// Kysely's SqliteDialect expects a better-sqlite3-shaped database; node:sqlite is close but not the same.
// This bridge routes statements by whether they return columns, converts the parameter types node:sqlite
// refuses (booleans, Dates), throws on the ones SQLite cannot hold (objects, arrays) and keeps prepared
// statements for reuse. Rows are read as arrays and turned into plain objects here: node:sqlite's own row
// objects have a null prototype, which puts V8 in dictionary mode, so every later property read (mapping,
// serialising) was a hash lookup and building them cost more too.
import type { DatabaseSync, StatementSync, SQLInputValue } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor
    ?.name;
  return !name || name === 'Object' ? 'an object' : `a ${name}`;
}

// Only values SQLite can hold are bound. Anything else is refused here, never handed on: node:sqlite takes a
// plain object in first place as a set of named parameters, which shifts every `?` after it (an UPDATE's SET
// gets the WHERE's value and the WHERE gets NULL), so an object that slipped through validation must stop the
// statement.
function toSqliteValue(value: unknown, index: number): SQLInputValue {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'undefined':
      return null;
  }
  if (value === null || value instanceof Uint8Array) return value;
  if (value instanceof Date) return value.toISOString();
  // The value itself stays out of the message: it may be a person's data, and messages end up in logs.
  throw new TypeError(
    `SQLite parameter ${index + 1} is ${kindOf(value)}, which cannot be bound: only text, numbers, bigints, ` +
      'booleans, Dates, null and byte arrays can',
  );
}

type RowBuilder = (rows: unknown[][]) => Record<string, unknown>[];

// One literal object per row, keys in column order (a later duplicate name wins, as in node:sqlite's objects),
// so every row of a statement shares one hidden class.
function rowBuilder(columns: string[]): RowBuilder {
  const last = new Map(columns.map((name, index) => [name, index]));
  // A column named __proto__ would set the literal's prototype; such a row is built the slow, safe way.
  if (last.has('__proto__'))
    return (rows) => rows.map((r) => Object.fromEntries([...last].map(([name, index]) => [name, r[index]])));
  const fields = [...last].map(([name, index]) => `${JSON.stringify(name)}: r[${index}]`).join(', ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- built from quoted column names only (JSON.stringify), never from values
  const toRow = new Function('r', `return { ${fields} };`) as (r: unknown[]) => Record<string, unknown>;
  return (rows) => rows.map(toRow);
}

// Transactions start with BEGIN IMMEDIATE, which takes the write lock at once and waits for it up to the
// connection's busy timeout. Kysely's plain BEGIN defers the lock to the first write: in WAL mode, if another
// connection (a second server process on the same file) commits between the transaction's first read and its
// first write, SQLite refuses the write at once with "database is locked", and the busy timeout never applies.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  // Whether a statement returns rows is asked on every execution; columns() builds fresh metadata each
  // time it is called, so the answer is kept with the prepared statement.
  const cache = new Map<string, { statement: StatementSync; reader: boolean; toRows: RowBuilder }>();
  const prepare = (sql: string) => {
    let entry = cache.get(sql);
    if (!entry) {
      const statement = database.prepare(sql);
      const columns = statement.columns().map((c) => c.name);
      statement.setReturnArrays(true);
      entry = { statement, reader: columns.length > 0, toRows: rowBuilder(columns) };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, entry);
    }
    return entry;
  };
  return new ImmediateSqliteDialect({
    database: {
      close: () => {
        cache.clear();
        database.close();
      },
      prepare: (sql: string) => {
        const { statement, reader, toRows } = prepare(sql);
        return {
          reader,
          all: (params: ReadonlyArray<unknown>) =>
            toRows(statement.all(...params.map(toSqliteValue)) as unknown as unknown[][]),
          run: (params: ReadonlyArray<unknown>) => {
            const result = statement.run(...params.map(toSqliteValue));
            return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
          },
          iterate: function* (params: ReadonlyArray<unknown>) {
            for (const values of statement.iterate(...params.map(toSqliteValue)))
              yield toRows([values as unknown as unknown[]])[0];
          },
        };
      },
    },
  });
}
