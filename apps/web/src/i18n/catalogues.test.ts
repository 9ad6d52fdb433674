// @vitest-environment node
// Spanish first, English complete: every key of every namespace exists in both catalogues.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, 'locales');
type Tree = { [key: string]: string | Tree };

function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
}

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}
const read = (lang: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(root, lang, file), 'utf8')) as Tree;

describe('i18n catalogues', () => {
  const files = fs.readdirSync(path.join(root, 'es')).sort();
  it('has the same namespaces in Spanish and English', () => {
    expect(fs.readdirSync(path.join(root, 'en')).sort()).toEqual(files);
  });
  it.each(files)('%s has the same keys in both languages, none empty', (file) => {
    const es = keys(read('es', file)).sort();
    const en = keys(read('en', file)).sort();
    expect(en).toEqual(es);
    for (const lang of ['es', 'en'])
      expect(values(read(lang, file)).filter((v) => v.trim() === '')).toEqual([]);
  });
});
