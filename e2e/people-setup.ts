// A person signing up over the API, as the journeys' set-up does when the screens are not the subject: a fresh
// username each time (the run shares one server), the terms accepted, the strong password every journey uses.
import { expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';

let people = 0;
export async function signUp(
  context: BrowserContext,
  baseURL: string,
  first: string,
  last: string,
): Promise<{ id: string; username: string; name: string }> {
  const n = `${Date.now().toString(36)}${people++}`;
  // Usernames take letters, digits and _ only: a first name with accents or spaces is reduced to its letters.
  const handle =
    first
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase()
      .slice(0, 12) || 'persona';
  const username = `${handle}_${n}`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email: `${username}@example.com`,
      password: 'Noche-de-Lavapies-42',
      name: `${first} ${last}`,
      firstName: first,
      lastName: last,
      username,
      phoneNumber: '+34612345678',
      dateOfBirth: '1994-06-21',
      gender: 'prefer-not-to-say',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()) as { user: { id: string } }).user.id, username, name: `${first} ${last}` };
}
