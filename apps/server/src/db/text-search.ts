// Name matching on the databases' own text indexes, one query layer for both engines. Every
// searchable table keeps a folded `search_text` (accents and case removed by foldForSearch when the row is
// written); a query's terms are folded the same way, so "kapital" finds "Kápital" on both.
//
// contains   every term appears in search_text: SQLite asks the table's FTS5 trigram index (migration 0013),
//            PostgreSQL a LIKE the pg_trgm GIN index serves. Prefixes ("tech" → techno) are contained.
// similar    every term is close to a word of search_text, forgiving a typo or two: pg_trgm's word similarity
//            on PostgreSQL, the share of the term's padded trigrams found in the text on SQLite (candidates
//            from the FTS5 index).
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { escapeLike } from './like.ts';
import { trigramSchema } from './trigram-schema.ts';

export type SearchTable = 'clubs' | 'events' | 'users' | 'event_lineup';
export type TextSearch = { kind: 'sqlite' } | { kind: 'postgres'; trgm: string };

// SQLite's measure: the share of the term's padded trigrams found in the text. It counts the word's edges more
// than pg_trgm's word similarity does, so it asks for more (PostgreSQL's threshold is in trigram-schema.ts).
const TRIGRAM_SHARE_THRESHOLD = 0.5;
// Shorter terms only match as they are written: three letters have too few trigrams to tell a typo from a
// different word.
export const FUZZY_MIN_TERM_LENGTH = 4;
const FTS_MIN_TERM_LENGTH = 3;
// How many rows the SQLite index offers per misspelt term before they are scored: a typo search reads these,
// not every row sharing one trigram.
const FUZZY_CANDIDATES = 300;
// How many of a broad query's matches the search box's groups look at, on SQLite.
export const GROUP_SAMPLE = 500;

const schemas = new WeakMap<object, Promise<TextSearch>>();

// Which engine, and on PostgreSQL where pg_trgm lives; read once per database.
export function textSearchFor<DB>(db: Kysely<DB>, kind: TextSearch['kind']): Promise<TextSearch> {
  if (kind === 'sqlite') return Promise.resolve({ kind });
  let found = schemas.get(db);
  if (!found) {
    found = trigramSchema(db).then((trgm) => ({ kind, trgm }));
    schemas.set(db, found);
  }
  return found;
}

const column = (table: SearchTable) => sql.ref<string>(`${table}.search_text`);
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
const and = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;

function likeContains(table: SearchTable, term: string) {
  return sql<SqlBool>`${column(table)} like ${`%${escapeLike(term)}%`} escape '\\'`;
}

// `best`: only the rows FTS5's bm25 ranks highest; `newest`: only the most recently written matches (highest
// rowids). Both bound what a broad query ("mar") hands to the joins and sorts after it.
// `probe`: the rowid test cannot drive the query (unary +), so the planner reads rows in another index's order and
// checks each against the match set — for a text so common that a page fills within a few rows.
export function ftsRowids(
  table: SearchTable,
  match: unknown,
  bound?: { best?: number; newest?: number; probe?: boolean },
) {
  const fts = sql.table(`${table}_fts`);
  const top =
    bound?.best !== undefined
      ? sql` order by rank limit ${sql.lit(bound.best)}`
      : bound?.newest !== undefined
        ? sql` order by rowid desc limit ${sql.lit(bound.newest)}`
        : sql``;
  const rowid = bound?.probe ? sql`+${sql.ref(`${table}.rowid`)}` : sql.ref(`${table}.rowid`);
  return sql<SqlBool>`${rowid} in (select rowid from ${fts} where ${fts} match ${match}${top})`;
}

// The engine a Kysely instance (or transaction) talks to, from its adapter.
export function engineOf<DB>(db: Kysely<DB>): TextSearch['kind'] {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

// A column SQLite must not use an index for (unary +; PostgreSQL's planner needs no hint): in a search, the
// text index's few rowids should drive the query, not a walk of every published row by status.
export function unindexed<DB>(db: Kysely<DB>, column: string): RawBuilder<string> {
  return engineOf(db) === 'sqlite' ? sql<string>`+${sql.ref(column)}` : sql<string>`${sql.ref(column)}`;
}

// SQLite's index lookup for one folded text, as the FTS5 query a bound value can carry (a phrase matches as a
// substring with the trigram tokenizer); undefined when the text is too short for trigrams.
export function ftsPhraseFor(text: string): string | undefined {
  return text.length >= FTS_MIN_TERM_LENGTH ? ftsPhrase(text) : undefined;
}

// `sample`: on SQLite, look only at the newest N matches (see ftsRowids) — for the search box's groups, which
// show a handful; lists that page through every match leave it out.
// `probe`: see ftsRowids.
export function containsAll(
  ts: Pick<TextSearch, 'kind'>,
  table: SearchTable,
  terms: string[],
  options: { sample?: number; probe?: boolean } = {},
): RawBuilder<SqlBool> {
  if (terms.length === 0) return sql<SqlBool>`1 = 1`;
  // PostgreSQL's planner does better with the whole match than with a sampled IN list (measured: 36 ms against
  // 207 ms for "mar" over 20,000 events), so the sample is SQLite's.
  if (ts.kind === 'postgres') return and(terms.map((t) => likeContains(table, t)));
  const indexed = terms.filter((t) => t.length >= FTS_MIN_TERM_LENGTH);
  const parts = terms.filter((t) => t.length < FTS_MIN_TERM_LENGTH).map((t) => likeContains(table, t));
  if (indexed.length)
    parts.unshift(
      ftsRowids(table, indexed.map(ftsPhrase).join(' AND '), {
        newest: options.sample,
        probe: options.probe,
      }),
    );
  return and(parts);
}

// search_text in byte order: SQLite's binary collation, PostgreSQL's "C" — the order of the name index
// (migration 0013), the same on both engines, so a prefix is a range and a page of names stops early.
export function nameOrder(ts: Pick<TextSearch, 'kind'>, table: SearchTable): RawBuilder<string> {
  return ts.kind === 'postgres' ? sql<string>`${column(table)} collate "C"` : column(table);
}

// Rows whose search_text starts with the text: a range of the name index.
export function startsWith(
  ts: Pick<TextSearch, 'kind'>,
  table: SearchTable,
  text: string,
): RawBuilder<SqlBool> {
  const name = nameOrder(ts, table);
  return sql<SqlBool>`(${name} >= ${text} and ${name} < ${`${text}\u{10FFFF}`})`;
}

// SQLite: how many rows hold the text (the FTS5 index counts without reading them), to choose a plan.
export async function countContaining<DB>(db: Kysely<DB>, table: SearchTable, text: string): Promise<number> {
  const phrase = ftsPhraseFor(text);
  if (!phrase) return Number.POSITIVE_INFINITY;
  const fts = sql.table(`${table}_fts`);
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from ${fts} where ${fts} match ${phrase}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// The term's trigrams with a space on each side, as pg_trgm pads words: a typo in the middle of a short word
// still leaves the word's first and last letters to match.
function trigrams(term: string): string[] {
  const padded = ` ${term} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

// A score between 0 and 1 per term, and the condition that every term reaches the threshold.
export function similarToAll(
  ts: TextSearch,
  table: SearchTable,
  terms: string[],
): { where: RawBuilder<SqlBool>; score: RawBuilder<number> } {
  const parts: RawBuilder<SqlBool>[] = [];
  const scores: RawBuilder<number>[] = [];
  for (const term of terms) {
    if (term.length < FUZZY_MIN_TERM_LENGTH) {
      parts.push(containsAll(ts, table, [term]));
      scores.push(sql<number>`1`);
      continue;
    }
    let score: RawBuilder<number>;
    if (ts.kind === 'postgres') {
      const fn = sql.raw(`"${ts.trgm}".word_similarity`);
      // The operator is what the GIN index serves; its threshold is set per connection (connect.ts).
      parts.push(sql<SqlBool>`${term} operator(${sql.raw(`"${ts.trgm}".<%`)}) ${column(table)}`);
      score = sql<number>`${fn}(${term}, ${column(table)})`;
    } else {
      const grams = trigrams(term);
      // Candidates: the rows sharing most of the term's trigrams (FTS5's bm25 rank), a bounded few.
      parts.push(ftsRowids(table, grams.map(ftsPhrase).join(' OR '), { best: FUZZY_CANDIDATES }));
      const padded = sql`(' ' || ${column(table)} || ' ')`;
      const found = sql.join(
        grams.map((g) => sql`(instr(${padded}, ${g}) > 0)`),
        sql` + `,
      );
      score = sql<number>`((${found}) * 1.0 / ${grams.length})`;
      parts.push(sql<SqlBool>`${score} >= ${TRIGRAM_SHARE_THRESHOLD}`);
    }
    scores.push(score);
  }
  return { where: and(parts), score: sql<number>`(${sql.join(scores, sql` + `)})` };
}

// 0 when the text starts with the whole query as words (the name is the query), 1 when it starts with the
// query (a prefix of the name), 2 otherwise.
export function nameRank(table: SearchTable, terms: string[]): RawBuilder<number> {
  const phrase = escapeLike(terms.join(' '));
  return sql<number>`case when ${column(table)} = ${terms.join(' ')} or ${column(table)} like ${`${phrase} %`} escape '\\' then 0
    when ${column(table)} like ${`${phrase}%`} escape '\\' then 1 else 2 end`;
}

// What a search box group matches and puts first: names holding every term, the name that is the query first;
// or, asked for typos, names a typo away, the nearest first. Null when typos are asked for but no term is long
// enough to have any.
export function nameMatch(
  ts: TextSearch,
  table: SearchTable,
  terms: string[],
  options: { typos?: boolean; sample?: number } = {},
): { where: RawBuilder<SqlBool>; first: RawBuilder<unknown> } | null {
  if (!options.typos)
    return {
      where: containsAll(ts, table, terms, { sample: options.sample }),
      first: nameRank(table, terms),
    };
  if (!terms.some((t) => t.length >= FUZZY_MIN_TERM_LENGTH)) return null;
  const similar = similarToAll(ts, table, terms);
  return { where: similar.where, first: sql`${similar.score} desc` };
}
