// People and their relations for the messages and reports tests, made through the real HTTP API:
// accounts, accepted connections, blocks and the "who can message me" setting.
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN, type signUp } from './auth-helpers.ts';

export type Person = Awaited<ReturnType<typeof signUp>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(app: FastifyInstance) {
  return (method: Method, url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

export async function connectPeople(app: FastifyInstance, a: Person, b: Person) {
  const call = caller(app);
  const asked = await call('POST', '/api/connections/requests', a.cookie, { userId: b.id });
  expect(asked.statusCode, asked.body).toBe(200);
  const accepted = await call('POST', `/api/connections/requests/${a.id}/accept`, b.cookie);
  expect(accepted.statusCode, accepted.body).toBe(200);
}

export async function block(app: FastifyInstance, blocker: Person, blocked: Person) {
  const response = await caller(app)('PUT', `/api/blocks/${blocked.id}`, blocker.cookie);
  expect(response.statusCode, response.body).toBe(200);
}

export async function unblock(app: FastifyInstance, blocker: Person, blocked: Person) {
  const response = await caller(app)('DELETE', `/api/blocks/${blocked.id}`, blocker.cookie);
  expect(response.statusCode, response.body).toBe(200);
}

export async function onlyConnectionsMayWrite(app: FastifyInstance, person: Person) {
  const response = await caller(app)('PATCH', '/api/me/privacy', person.cookie, {
    messagePolicy: 'connections',
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function openConversation(app: FastifyInstance, from: Person, to: Person): Promise<string> {
  const response = await caller(app)('POST', '/api/conversations', from.cookie, { userId: to.id });
  expect([200, 201], response.body).toContain(response.statusCode);
  return (response.json() as { id: string }).id;
}

export async function send(
  app: FastifyInstance,
  from: Person,
  conversationId: string,
  body: string,
  clientId?: string,
) {
  const response = await caller(app)('POST', `/api/conversations/${conversationId}/messages`, from.cookie, {
    body,
    ...(clientId ? { clientId } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; seq: number; body: string; senderId: string; createdAt: string };
}
