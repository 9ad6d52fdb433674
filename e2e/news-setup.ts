// A new person with one piece of news: they sign up (Novedades starts at zero unread for a new account), then a
// connection of theirs, with a long name, asks to connect (a notification whose title is longer than a phone's
// line), is accepted and gets a ticket for a night under way (a "va a ir" in Novedades, unread).
import { expect } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { newContext, type ViewportName } from './browser.ts';
import type { DoorEvent } from './door-setup.ts';
import { signUp } from './people-setup.ts';

export const LONG_FIRST = 'María de las Mercedes';
export const LONG_LAST = 'Fernández-Villaverde Santamaría';

export type NewPerson = { context: BrowserContext; id: string; name: string };

export async function newPerson(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
): Promise<NewPerson> {
  const context = await newContext(browser, viewport, baseURL);
  const me = await signUp(context, baseURL, 'Lola', 'Primicias');
  return { context, id: me.id, name: me.name };
}

// The friend asks to connect: the person gets "{friend} quiere conectar contigo".
export async function friendAsks(browser: Browser, baseURL: string, person: NewPerson) {
  const friend = await newContext(browser, 'desktop', baseURL);
  const who = await signUp(friend, baseURL, LONG_FIRST, LONG_LAST);
  const asked = await friend.request.post('/api/connections/requests', {
    headers: { origin: baseURL },
    data: { userId: person.id },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  return { context: friend, ...who };
}

// The person accepts and the friend gets a ticket for a night under way (made before the person signed up, or its
// announcement would be news of its own).
export async function friendGoes(
  baseURL: string,
  person: NewPerson,
  friend: { context: BrowserContext; id: string },
  event: DoorEvent,
) {
  const accepted = await person.context.request.post(
    `/api/connections/requests/${encodeURIComponent(friend.id)}/accept`,
    { headers: { origin: baseURL } },
  );
  expect(accepted.status(), await accepted.text()).toBe(200);
  const got = await friend.context.request.post('/api/tickets', {
    headers: { origin: baseURL, 'idempotency-key': `news-${friend.id}` },
    data: { ticketTypeId: `${event.id}-tt1`, quantity: 1 },
  });
  expect(got.status(), await got.text()).toBe(201);
}
