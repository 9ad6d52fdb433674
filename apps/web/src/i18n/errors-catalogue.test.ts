// @vitest-environment node
// Every code the API can answer with has words in every language: a code added to ERROR_CODES without its text
// here fails this test, and so does a text for a code that no longer exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@nocturna/shared/error-codes';

type Tree = { [key: string]: string | Tree };
const read = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'locales', lang, 'errors.json'), 'utf8')) as Tree;

// The catalogue's own keys besides the codes: no answer at all, a page's code that did not load, nothing better to
// say, and the words for a wait.
const EXTRA = ['NETWORK', 'MODULE_LOAD', 'UNKNOWN', 'wait'];
// A code's text may come in variants for what the server adds: a wait (CODE_wait), a new total (CODE_total), a
// per-person limit in its plural forms (CODE_limit_one, CODE_limit_other), the role a person already has
// (CODE_owner, CODE_door).
const VARIANT = /^(.+)_(wait|total|limit_one|limit_other|owner|door)$/;

describe('the errors catalogue', () => {
  const codes = new Set<string>(ERROR_CODES);
  for (const lang of ['es', 'en']) {
    const catalogue = read(lang);
    it(`words every code of ERROR_CODES in ${lang}`, () => {
      const missing = ERROR_CODES.filter((code) => {
        const text = catalogue[code];
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(missing).toEqual([]);
    });
    it(`holds nothing but codes, their variants and its own keys in ${lang}`, () => {
      const stray = Object.keys(catalogue).filter((key) => {
        const variantOf = VARIANT.exec(key)?.[1];
        return !codes.has(key) && !EXTRA.includes(key) && !(variantOf && codes.has(variantOf));
      });
      expect(stray).toEqual([]);
    });
    it(`has a non-empty text for each of its own keys in ${lang}`, () => {
      for (const key of ['NETWORK', 'MODULE_LOAD', 'UNKNOWN'])
        expect((catalogue[key] as string).trim()).not.toBe('');
      const wait = catalogue.wait as Tree;
      for (const key of ['seconds_one', 'seconds_other', 'minutes_one', 'minutes_other'])
        expect(wait[key]).toMatch(/\{\{count\}\}/);
    });
  }
});
