// Asking the assistant over the real HTTP route and reading its NDJSON stream back.
import type { FastifyInstance } from 'fastify';
import type { AssistantMessage, AssistantStreamEvent } from '@nocturna/shared';
import { TEST_ORIGIN } from './auth-helpers.ts';

export type Answer = {
  status: number;
  events: AssistantStreamEvent[];
  text: string;
  message: AssistantMessage | null;
  conversationId: string | null;
  body: string;
};

export function parseStream(body: string): AssistantStreamEvent[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AssistantStreamEvent);
}

export async function ask(
  app: FastifyInstance,
  cookie: string,
  text: string,
  conversationId?: string,
  lang?: 'es' | 'en',
): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/assistant/messages',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { text, conversationId, lang },
  });
  if (response.statusCode !== 200)
    return {
      status: response.statusCode,
      events: [],
      text: '',
      message: null,
      conversationId: null,
      body: response.body,
    };
  const events = parseStream(response.body);
  const done = events.find((e) => e.type === 'done');
  const start = events.find((e) => e.type === 'start');
  return {
    status: 200,
    events,
    text: events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join(''),
    message: done?.type === 'done' ? done.message : null,
    conversationId: start?.type === 'start' ? start.conversationId : null,
    body: response.body,
  };
}
