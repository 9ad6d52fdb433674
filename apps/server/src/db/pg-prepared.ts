// PostgreSQL parses and plans every unnamed statement anew. The app sends a small set of statement texts over
// and over (a session check, a sale's inserts, a scan), so a text seen often is sent as a named prepared
// statement instead: each connection parses and plans it once (pg's client remembers which names it already
// prepared). In the flash-sale benchmark that took a quarter off the time PostgreSQL needed.
//
// Bounded on purpose: only texts seen HOT_AFTER times get a name, at most MAX_NAMES of them per pool (names
// live as long as the connection, in the server's memory), and never a text that selects `*` — a prepared
// `select *` fails ("cached plan must not change result type") once a migration adds a column under a
// server that is still running. Nor a text marked PLANNED_PER_CALL: a query whose best plan depends on its
// values (how many friends, how recent a window) runs worse on the generic plan PostgreSQL switches a prepared
// statement to after five runs, so it is planned for its values on every call.
import type pg from 'pg';

const HOT_AFTER = 3;
const MAX_NAMES = 400;
const MAX_COUNTED = 5_000;
const SELECTS_STAR = /select \*|\.\*/i;
export const PLANNED_PER_CALL = '/* planned per call */';

type QueryFn = (...args: unknown[]) => unknown;

export function prepareHotStatements(pool: pg.Pool) {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();

  function nameFor(text: string): string | undefined {
    const known = names.get(text);
    if (
      known !== undefined ||
      names.size >= MAX_NAMES ||
      SELECTS_STAR.test(text) ||
      text.includes(PLANNED_PER_CALL)
    )
      return known;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < HOT_AFTER) {
      if (seen.size >= MAX_COUNTED) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const name = `nocturna_${names.size}`;
    names.set(text, name);
    return name;
  }

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    // Kysely's driver calls query(text, values); every other form passes through untouched.
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      if (args.length === 2 && typeof args[0] === 'string' && Array.isArray(args[1])) {
        const name = nameFor(args[0]);
        if (name) return query({ name, text: args[0], values: args[1] });
      }
      return query(...args);
    };
  });
}
