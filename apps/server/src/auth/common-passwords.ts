// The 3,000 most common passwords, from zxcvbn-ts's frequency-ranked list (maintained on npm).
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 3000;

const common = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose a less predictable one.';
