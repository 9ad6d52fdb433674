// The web's own i18n catalogues (apps/web/src/i18n/locales/{es,en}/*.json), read once, for the words the server
// writes itself in a person's language: the push and e-mail copies of a notification, the assistant's genres.
import fs from 'node:fs';
import path from 'node:path';

export type CatalogueLocale = 'es' | 'en';
type Tree = { [key: string]: string | Tree };

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../web/src/i18n/locales');
const read = new Map<string, Tree>();

export function webCatalogue<T = Tree>(locale: CatalogueLocale, namespace: string): T {
  const key = `${locale}/${namespace}`;
  let found = read.get(key);
  if (!found) {
    found = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8')) as Tree;
    read.set(key, found);
  }
  return found as T;
}

// A genre code's label ("r&b" → "R&B", "electronica" → "Electrónica"/"Electronic"), the code if it has none.
export function genreLabel(code: string, locale: CatalogueLocale): string {
  const genres = webCatalogue<{ genres?: Record<string, string> }>(locale, 'catalogue').genres;
  return genres?.[code] ?? code;
}
