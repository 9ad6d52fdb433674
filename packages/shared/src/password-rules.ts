// Words a password may not contain: the site's name, and the person's own e-mail, username and name. Whoever
// guesses passwords for this site tries those first. Shared so the sign-up form says so before sending, and the
// server refuses the same whatever sends it (the server adds a strength estimate on top, apps/server/src/auth).
import { foldForSearch } from './text.ts';

export const SITE_NAME = 'nocturna';

// The web app words each code from its `errors` catalogue (error-codes.ts lists them).
export const PASSWORD_PERSONAL_CODES = [
  'PASSWORD_CONTAINS_SITE_NAME',
  'PASSWORD_CONTAINS_EMAIL',
  'PASSWORD_CONTAINS_USERNAME',
  'PASSWORD_CONTAINS_NAME',
] as const;
export type PasswordPersonalCode = (typeof PASSWORD_PERSONAL_CODES)[number];

export const PASSWORD_PERSONAL_MESSAGES: Record<PasswordPersonalCode, string> = {
  PASSWORD_CONTAINS_SITE_NAME: 'The password must not contain the name of the site (Nocturna).',
  PASSWORD_CONTAINS_EMAIL: 'The password must not contain your e-mail address.',
  PASSWORD_CONTAINS_USERNAME: 'The password must not contain your username.',
  PASSWORD_CONTAINS_NAME: 'The password must not contain your name.',
};

// The weaknesses the server names when a password is too easy to guess (zxcvbn's warnings, which the web app
// translates: auth `passwordWeakness`); any other warning is said as 'guessable'.
export const WEAK_PASSWORD_REASONS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
] as const;
export type WeakPasswordReason = (typeof WEAK_PASSWORD_REASONS)[number] | 'guessable';

// Whatever a request or a session says about the person; values that are not text are ignored.
export type PasswordOwner = {
  email?: unknown;
  username?: unknown;
  name?: unknown;
  firstName?: unknown;
  lastName?: unknown;
};

// A whole identifier (the e-mail's local part, the username) counts from this many characters; a single word of
// a name or identifier from WORD_MIN_LENGTH, so that "Ana" does not refuse every password with "banana" in it.
const IDENTIFIER_MIN_LENGTH = 3;
const WORD_MIN_LENGTH = 4;

// Digits and symbols read as the letters they stand for: "n0ctvrn4" and "N0cturn@" are still the site's name.
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

function fold(text: string): string {
  return foldForSearch(text).replace(/[013457@$!]/g, (c) => LOOKALIKES[c]!);
}

// Words with a letter in them: a number on its own ("lola_1995") says little about the person.
function wordsOf(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => /\p{L}/u.test(w))
    .map(fold)
    .filter((w) => w.length >= WORD_MIN_LENGTH);
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

type Rule = [PasswordPersonalCode, string[]];

// What to look for, in the order it is looked for: whole identifiers before single words, so "lucia.garcia2" is
// "your e-mail" and "Lucia-en-la-pista" is "your name", though the e-mail holds "lucia" too.
function rulesFor(owner: PasswordOwner): Rule[] {
  const local = text(owner.email).split('@')[0] ?? '';
  const username = text(owner.username);
  const whole = (value: string) => (value.length >= IDENTIFIER_MIN_LENGTH ? [fold(value)] : []);
  return [
    ['PASSWORD_CONTAINS_SITE_NAME', [SITE_NAME]],
    ['PASSWORD_CONTAINS_EMAIL', whole(local)],
    ['PASSWORD_CONTAINS_USERNAME', whole(username)],
    [
      'PASSWORD_CONTAINS_NAME',
      [owner.name, owner.firstName, owner.lastName].flatMap((v) => wordsOf(text(v))),
    ],
    ['PASSWORD_CONTAINS_USERNAME', wordsOf(username)],
    ['PASSWORD_CONTAINS_EMAIL', wordsOf(local)],
  ];
}

// Every personal word, for the strength estimate to count as known to an attacker.
export function personalPasswordWords(owner: PasswordOwner): string[] {
  return [...new Set(rulesFor(owner).flatMap(([, words]) => words))];
}

// The first rule the password breaks, or null.
export function personalPasswordRefusal(password: string, owner: PasswordOwner): PasswordPersonalCode | null {
  const folded = fold(password);
  return rulesFor(owner).find(([, words]) => words.some((word) => folded.includes(word)))?.[0] ?? null;
}
