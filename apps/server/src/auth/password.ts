// Password hashing for better-auth's hash/verify hooks: argon2id at OWASP's recommended floor
// (19 MiB memory, 2 iterations, 1 lane). better-auth's default scrypt settings sit below it.
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports a const enum, which type stripping cannot read.
const ARGON2ID = 2;

export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  // A malformed stored hash is a failed sign-in, not a server error.
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
