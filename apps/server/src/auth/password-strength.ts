// Whether a new password is good enough: the spec's length (checked by better-auth), not one of the most common
// passwords, none of the person's own words or the site's name, and hard enough to guess by zxcvbn's estimate
// with the common, Spanish and English dictionaries. Sign-in never asks, so older passwords (and the demo
// accounts' `nocturna`) keep working.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import {
  PASSWORD_PERSONAL_MESSAGES,
  WEAK_PASSWORD_REASONS,
  personalPasswordRefusal,
  personalPasswordWords,
  type PasswordOwner,
  type WeakPasswordReason,
} from '@nocturna/shared';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';

// zxcvbn's scale: 0 too guessable, 1 very guessable (under a million guesses), 2 somewhat guessable.
export const MIN_PASSWORD_SCORE = 2;

// The estimate runs on the request's thread and its cost grows quickly with length and with characters that
// could be l33t ("a1b2c3…" at 128 characters took seconds). Only the first ESTIMATED_LENGTH characters are
// estimated, which only errs towards refusing (what follows can only add strength), and the l33t readings tried
// are capped: the slowest inputs then take tens of milliseconds.
export const ESTIMATED_LENGTH = 40;
const L33T_MAX_SUBSTITUTIONS = 5;

// Built once, at load: the dictionaries take a few hundred milliseconds to rank. No translations are given, so a
// warning comes back as its key ("simpleRepeat", "sequences", …), which the web app translates
// (auth `passwordWeakness`).
const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
  graphs: common.adjacencyGraphs,
  maxLength: ESTIMATED_LENGTH,
  l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
});

const REASON_WORDS: Record<WeakPasswordReason, string> = {
  straightRow: 'it is a straight row of keys',
  keyPattern: 'it is a short keyboard pattern',
  simpleRepeat: 'it repeats characters, like "aaa"',
  extendedRepeat: 'it repeats a pattern, like "abcabcabc"',
  sequences: 'it follows a sequence, like "abc" or "123"',
  recentYears: 'it relies on a recent year',
  dates: 'it relies on a date',
  topTen: 'it is one of the most used passwords',
  topHundred: 'it is a very frequently used password',
  common: 'it is a commonly used password',
  similarToCommon: 'it is close to a commonly used password',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'a name or surname on its own is easy to guess',
  commonNames: 'common names and surnames are easy to guess',
  userInputs: 'it contains words about you or this site',
  guessable: 'it is too short or too predictable',
};

export type PasswordRefusal = { code: string; message: string; reason?: WeakPasswordReason };

function reasonOf(warning: string | null): WeakPasswordReason {
  return (WEAK_PASSWORD_REASONS as readonly string[]).includes(warning ?? '')
    ? (warning as WeakPasswordReason)
    : 'guessable';
}

// Why the password cannot be used, or null when it can. `owner` is what is known of the person (sign-up's body,
// or the account that is changing its password).
export function passwordRefusal(password: string, owner: PasswordOwner): PasswordRefusal | null {
  if (isCommonPassword(password)) return { code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD_MESSAGE };
  const personal = personalPasswordRefusal(password, owner);
  if (personal) return { code: personal, message: PASSWORD_PERSONAL_MESSAGES[personal] };
  const { score, feedback } = estimator.check(password, personalPasswordWords(owner));
  if (score >= MIN_PASSWORD_SCORE) return null;
  const reason = reasonOf(feedback.warning);
  return {
    code: 'PASSWORD_TOO_WEAK',
    message:
      `This password is easy to guess: ${REASON_WORDS[reason]}. ` +
      'Make it longer, with words or characters that are not easy to guess.',
    reason,
  };
}
