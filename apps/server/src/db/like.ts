// Text search with LIKE on both engines: what a person types is matched literally, never as a wildcard.
import { sql } from 'kysely';

// `%` and `_` typed by a person are literal characters, not wildcards.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// SQLite has no default LIKE escape character, so it is named for both engines.
export function containsEscaped(column: string, escaped: string) {
  return likePattern(column, `%${escaped}%`);
}

// A pattern built by the caller (e.g. `%${escapeLike(text)}%`), bound as it is.
export function likePattern(column: string, pattern: string) {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
