// Real accounts for tests: sign up or sign in through better-auth's HTTP API and keep the session cookie.
// Each call comes from its own client IP so a suite that creates many users stays under the per-IP limit.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const TEST_ORIGIN = 'http://localhost:3000';
// A random start per test process: limits kept in Redis (shared by every run on this machine, for minutes) never
// see an address an earlier run used up.
let ipCounter = randomInt(0, 1 << 23);
export const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let userCounter = 0;
export function newProfile(overrides: Record<string, unknown> = {}) {
  const n = `${process.pid}${userCounter++}`;
  return {
    email: `persona${n}@example.com`,
    // Strong enough for the sign-up's estimate, and quick for it: every account a test opens is estimated, and
    // the estimate's cost grows with the length and the l33t-like characters (this one takes a third of the time
    // of 'Madrid-de-noche-2025').
    password: 'Gintonic-Kvm-Yx',
    firstName: 'Persona',
    lastName: `Prueba${n}`,
    username: `persona_${n}`,
    phoneNumber: '+34 600 000 000',
    dateOfBirth: '1995-06-15',
    gender: 'female',
    acceptTerms: true,
    ...overrides,
  };
}

export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  origin: string = TEST_ORIGIN,
) {
  const profile = newProfile(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin, 'x-forwarded-for': freshIp() },
    payload: profile,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { user: { id: string } };
  return { ...profile, id: body.user.id, cookie: cookieFrom(response) };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': freshIp() },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieFrom(response);
}
