// Building and compiling a Kysely query costs about as much CPU as SQLite takes to run a catalogue read. The
// reads the public pages hammer come in a handful of shapes (which filters are present, the page size), so a
// shape is built and compiled once, with a placeholder for every value, and later calls only swap the values in.
import { createQueryId, type CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { Db } from './connect.ts';

type Values = Record<string, unknown>;

// Stands in for one named value while the query is compiled; the compiled query keeps it as a bound parameter.
class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

type Slot = { name: string } | { value: unknown };

/**
 * `build` runs once per shape of `values` (the keys that are defined, plus the values of `literal` keys, which
 * end up in the SQL text). It must hand every other value to Kysely untouched (no string building, no
 * `.toLowerCase()`): it is called with placeholders, and a placeholder turned into text fails the compile.
 * Only what `build` branches on may vary between calls through `literal` keys and presence.
 */
function reusable<V extends object, Row>(
  build: (db: Db, values: V) => Compilable<Row>,
  options: { literal?: (keyof V & string)[] },
) {
  const literal = new Set<string>(options.literal ?? []);
  // One set of compiled shapes per dialect adapter, i.e. per database the app opened (SQLite and PostgreSQL
  // compile differently, and tests open both in one process); a transaction shares its database's adapter.
  type Shape = { sql: string; slots: Slot[]; query: CompiledQuery['query'] };
  const byAdapter = new WeakMap<object, Map<string, Shape>>();

  function compile(db: Db, values: V) {
    const placeholders: Values = {};
    for (const [key, value] of Object.entries(values as Values)) {
      if (value !== undefined) placeholders[key] = literal.has(key) ? value : new Placeholder(key);
    }
    const compiled = build(db, placeholders as V).compile();
    if (compiled.sql.includes('[object Object]'))
      throw new Error(`a placeholder was turned into SQL text: ${compiled.sql}`);
    const slots = compiled.parameters.map((p): Slot =>
      p instanceof Placeholder ? { name: p.name } : { value: p },
    );
    return { sql: compiled.sql, slots, query: compiled.query };
  }

  return async function execute(db: Db, values: V): Promise<QueryResult<Row>> {
    const adapter = db.getExecutor().adapter;
    let shapes = byAdapter.get(adapter);
    if (!shapes) byAdapter.set(adapter, (shapes = new Map<string, Shape>()));
    let key = '';
    for (const [k, v] of Object.entries(values as Values)) {
      if (v !== undefined) key += literal.has(k) ? `${k}=${JSON.stringify(v)};` : `${k};`;
    }
    let shape = shapes.get(key);
    if (!shape) shapes.set(key, (shape = compile(db, values)));
    const parameters = shape.slots.map((slot) =>
      'name' in slot ? (values as Values)[slot.name] : slot.value,
    );
    return db.executeQuery<Row>({ query: shape.query, queryId: createQueryId(), sql: shape.sql, parameters });
  };
}

/**
 * `build` runs once per shape of `values` (the keys that are defined, plus the values of `literal` keys, which
 * end up in the SQL text). It must hand every other value to Kysely untouched (no string building, no
 * `.toLowerCase()`, no arithmetic): it is called with placeholders, and a placeholder turned into text fails the
 * compile. Only what `build` branches on may vary between calls through `literal` keys and presence.
 */
export function reusableQuery<V extends object, Row>(
  build: (db: Db, values: V) => Compilable<Row>,
  options: { literal?: (keyof V & string)[] } = {},
) {
  const execute = reusable(build, options);
  return async (db: Db, values: V): Promise<Row[]> => (await execute(db, values)).rows;
}

/** The same for an INSERT, UPDATE or DELETE: answers how many rows it changed. */
export function reusableWrite<V extends object>(
  build: (db: Db, values: V) => Compilable<unknown>,
  options: { literal?: (keyof V & string)[] } = {},
) {
  const execute = reusable(build, options);
  return async (db: Db, values: V): Promise<number> =>
    Number((await execute(db, values)).numAffectedRows ?? 0);
}
