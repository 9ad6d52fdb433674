// The model path end to end: the real app with AI_BASE_URL pointing at a local OpenAI-compatible stand-in that
// answers with scripted tool calls and streamed text over HTTP. Covers the tool loop, the confirmation step,
// streaming to the client and the fallback to the built-in assistant when the model fails or hangs.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantStreamEvent } from '@nocturna/shared';
import { DIALECTS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { TEST_ORIGIN, signUp } from '../../../test/auth-helpers.ts';
import { ask } from '../../../test/assistant-helpers.ts';
import { call, getTicket, technoTonight } from '../../../test/assistant-fixture.ts';
import {
  startStandIn,
  toolResultOf,
  toolResultsIn,
  type ChatRequest,
  type StandIn,
  type Step,
} from '../../../test/openai-stand-in.ts';

describe.each(DIALECTS)('assistant with a model (%s)', (dialect) => {
  let t: TestApp;
  let model: StandIn;
  let script: (request: ChatRequest, index: number) => Step = () => ({ text: ['hola'] });
  let event: Awaited<ReturnType<typeof technoTonight>>;

  beforeAll(async () => {
    model = await startStandIn((request, index) => script(request, index));
    t = await createTestApp(dialect, { ai: { baseUrl: model.url, model: 'stand-in-1', timeoutMs: 1500 } });
    event = await technoTonight(t.app.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.requests.length = 0;
  });

  it('runs the tool loop: the model searches, gets the live catalogue back and answers from it with cards', async () => {
    const me = await signUp(t.app);
    script = (request, index) =>
      index === 0
        ? { toolCalls: [{ name: 'search_events', args: { when: 'hoy', genre: 'techno' } }] }
        : {
            text: [
              'Esta noche ',
              'tienes ',
              toolResultsIn(request).includes(event.name) ? event.name : 'nada',
            ],
          };
    const answer = await ask(t.app, me.cookie, '¿Qué hay esta noche de techno?');
    expect(answer.status).toBe(200);
    expect(answer.events[0]).toMatchObject({ type: 'start', engine: 'model' });
    expect(answer.text).toBe(`Esta noche tienes ${event.name}`);
    const cards = answer.events.find((e) => e.type === 'cards');
    expect(cards?.type === 'cards' && cards.cards.map((c) => c.id)).toContain(event.eventId);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]!.model).toBe('stand-in-1');
    expect(model.requests[0]!.tools!.map((tool) => tool.function.name).sort()).toEqual([
      'club_details',
      'connections_going',
      'event_details',
      'my_tickets',
      'reserve_ticket',
      'search_events',
      'ticket_types',
    ]);
    expect(toolResultsIn(model.requests[1]!)).toContain(event.eventId);
    expect(answer.message).toMatchObject({
      role: 'assistant',
      text: `Esta noche tienes ${event.name}`,
      note: null,
    });
  });

  it('answers "Mis entradas" for a person who holds tickets from the my_tickets tool', async () => {
    const me = await signUp(t.app);
    expect((await getTicket(t.app, me.cookie, event.typeId, 2)).statusCode).toBe(201);
    script = (request, index) => {
      if (index === 0) return { toolCalls: [{ name: 'my_tickets', args: {} }] };
      const [tickets] = toolResultOf(request, 'my_tickets') as { event: string; priceEur: number }[][];
      return { text: [`Tienes ${tickets!.length} entradas: `, tickets!.map((x) => x.event).join(', ')] };
    };
    const answer = await ask(t.app, me.cookie, 'Mis entradas');
    expect(toolResultOf(model.requests[1]!, 'my_tickets')).toEqual([
      [
        expect.objectContaining({ event: event.name, priceEur: 12, status: 'valid' }),
        expect.objectContaining({ event: event.name, priceEur: 12, status: 'valid' }),
      ],
    ]);
    expect(answer.message).toMatchObject({
      text: `Tienes 2 entradas: ${event.name}, ${event.name}`,
      note: null,
    });
  });

  it('only proposes a reservation; the ticket exists once the person confirms through the ticket path', async () => {
    const me = await signUp(t.app);
    script = (_request, index) =>
      index === 0
        ? { toolCalls: [{ name: 'reserve_ticket', args: { event: event.eventId, quantity: 1 } }] }
        : { text: ['Te la dejo preparada: confírmala abajo.'] };
    const answer = await ask(t.app, me.cookie, 'Resérvame una entrada');
    const proposed = answer.events.find((e) => e.type === 'proposal');
    expect(proposed?.type === 'proposal' && proposed.proposal).toMatchObject({
      eventId: event.eventId,
      ticketTypeId: event.typeId,
      quantity: 1,
      status: 'proposed',
      price: { cents: 1200, currency: 'EUR' },
    });
    // Nothing was bought by the model.
    const before = await call(t.app, 'GET', '/api/tickets', me.cookie);
    expect(before.json().items).toHaveLength(0);

    const bought = await getTicket(t.app, me.cookie, event.typeId);
    expect(bought.statusCode).toBe(201);
    const ticketId = bought.json().tickets[0].id as string;
    const settled = await call(
      t.app,
      'PATCH',
      `/api/assistant/conversations/${answer.conversationId}/messages/${answer.message!.id}/proposal`,
      me.cookie,
      { status: 'confirmed', ticketId },
    );
    expect(settled.statusCode).toBe(200);
    expect(settled.json().proposal).toMatchObject({ status: 'confirmed', ticketId });
    const again = await call(
      t.app,
      'PATCH',
      `/api/assistant/conversations/${answer.conversationId}/messages/${answer.message!.id}/proposal`,
      me.cookie,
      { status: 'dismissed' },
    );
    expect(again.statusCode).toBe(409);
    const after = await call(t.app, 'GET', '/api/tickets', me.cookie);
    expect(after.json().items.map((i: { id: string }) => i.id)).toEqual([ticketId]);
    const detail = await call(
      t.app,
      'GET',
      `/api/assistant/conversations/${answer.conversationId}`,
      me.cookie,
    );
    expect(detail.json().messages[1].proposal.status).toBe('confirmed');
  });

  it('falls back to the built-in assistant with a note saying the model failed when it answers an error', async () => {
    const me = await signUp(t.app);
    script = () => ({ status: 500 });
    const answer = await ask(t.app, me.cookie, '¿Qué hay esta noche de techno?');
    expect(answer.status).toBe(200);
    const note = answer.events.find((e) => e.type === 'note');
    expect(note?.type === 'note' && note.text).toBe(
      'El modelo de IA ha fallado; te contesta el asistente integrado.',
    );
    expect(answer.text).toContain(event.name);
    expect(answer.message!.note).toBe('El modelo de IA ha fallado; te contesta el asistente integrado.');
    expect(answer.message!.text).toContain(event.name);
    const english = await ask(t.app, me.cookie, "What's on tonight?");
    expect(english.message!.note).toBe('The AI model failed; the built-in assistant is answering instead.');
  });

  it('falls back when the model sends no first token within AI_TIMEOUT_MS, saying so in the language asked', async () => {
    const me = await signUp(t.app);
    script = () => ({ hang: true });
    const started = Date.now();
    const answer = await ask(t.app, me.cookie, "What's on tonight?");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.message!.note).toBe(
      'The AI model did not answer in time; the built-in assistant is answering instead.',
    );
    expect(answer.text).toContain('Tonight');
    const spanish = await ask(t.app, me.cookie, '¿Qué hay esta noche de techno?');
    expect(spanish.message!.note).toBe(
      'El modelo de IA no respondió a tiempo; te contesta el asistente integrado.',
    );
    expect(spanish.text).toContain(event.name);
  });

  it('falls back when the model goes silent mid-answer for longer than AI_TIMEOUT_MS, keeping what it said', async () => {
    const me = await signUp(t.app);
    // 1.5 s allowed; the second chunk comes 2.5 s after the first.
    script = () => ({ text: ['Esta ', 'noche'], pausesMs: [0, 2500] });
    const answer = await ask(t.app, me.cookie, '¿Qué hay esta noche de techno?');
    expect(answer.message!.note).toBe(
      'El modelo de IA no respondió a tiempo; te contesta el asistente integrado.',
    );
    expect(answer.text.startsWith('Esta \n\n')).toBe(true);
    expect(answer.text).toContain(event.name);
  });

  it('lets a slow model that keeps talking finish: the limit is on silence, not on the whole answer', async () => {
    const me = await signUp(t.app);
    // Six chunks 600 ms apart: 3.6 s in all, more than twice AI_TIMEOUT_MS (1.5 s), never 1.5 s silent.
    script = () => ({ text: ['Uno ', 'dos ', 'tres ', 'cuatro ', 'cinco ', 'seis'], delayMs: 600 });
    const started = Date.now();
    const answer = await ask(t.app, me.cookie, 'cuenta hasta seis despacio');
    expect(Date.now() - started).toBeGreaterThan(3000);
    expect(answer.events.some((e) => e.type === 'note')).toBe(false);
    expect(answer.message).toMatchObject({ text: 'Uno dos tres cuatro cinco seis', note: null });
  });

  it('falls back, never saving an empty bubble, when the model finishes without any text', async () => {
    const me = await signUp(t.app);
    script = () => ({ text: [] });
    const answer = await ask(t.app, me.cookie, '¿Qué hay esta noche de techno?');
    expect(answer.message!.note).toBe(
      'El modelo de IA no dio ninguna respuesta; te contesta el asistente integrado.',
    );
    expect(answer.message!.text).toContain(event.name);
    const stored = await call(
      t.app,
      'GET',
      `/api/assistant/conversations/${answer.conversationId}`,
      me.cookie,
    );
    expect(stored.json().messages[1].text).toContain(event.name);
  });

  it('falls back when the model spends every step on tools and never writes an answer', async () => {
    const me = await signUp(t.app);
    script = () => ({ toolCalls: [{ name: 'search_events', args: { when: 'hoy' } }] });
    const answer = await ask(t.app, me.cookie, '¿Qué hay esta noche de techno?');
    expect(model.requests.length).toBe(5);
    expect(answer.message!.note).toBe(
      'El modelo de IA no dio ninguna respuesta; te contesta el asistente integrado.',
    );
    expect(answer.message!.text).toContain(event.name);
  });

  it('stops where it is when the person presses stop, and keeps what was already said', async () => {
    const me = await signUp(t.app);
    script = () => ({
      text: ['Primera ', 'parte ', 'y ', 'mucho ', 'más ', 'que ', 'nunca ', 'llega'],
      delayMs: 200,
    });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stop = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/assistant/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: me.cookie, origin: TEST_ORIGIN },
      body: JSON.stringify({ text: 'cuéntame algo largo' }),
      signal: stop.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    while (!seen.includes('"type":"text"')) seen += (await reader.read()).value ?? '';
    const conversationId = (JSON.parse(seen.split('\n')[0]!) as { conversationId: string }).conversationId;
    stop.abort();
    await reader.read().catch(() => undefined);
    // The server saves the answer as far as it got: poll the stored conversation until it is there.
    let messages: { role: string; text: string }[] = [];
    for (let i = 0; i < 50 && messages.length < 2; i++) {
      messages = (
        await call(t.app, 'GET', `/api/assistant/conversations/${conversationId}`, me.cookie)
      ).json().messages;
      if (messages.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(messages[1]!.role).toBe('assistant');
    expect(messages[1]!.text.startsWith('Primera')).toBe(true);
    expect(messages[1]!.text).not.toContain('llega');
  });

  it('streams the model text to the client as it arrives, over a real socket', async () => {
    const me = await signUp(t.app);
    script = () => ({ text: ['uno ', 'dos ', 'tres ', 'cuatro'], delayMs: 150 });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/assistant/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: me.cookie, origin: TEST_ORIGIN },
      body: JSON.stringify({ text: 'cuenta hasta cuatro' }),
    });
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const arrivals: { event: AssistantStreamEvent; at: number }[] = [];
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines.filter(Boolean)) arrivals.push({ event: JSON.parse(line), at: Date.now() });
    }
    const texts = arrivals.filter((a) => a.event.type === 'text');
    expect(texts.map((a) => (a.event.type === 'text' ? a.event.delta : '')).join('')).toBe(
      'uno dos tres cuatro',
    );
    // The first words were in the browser's hands well before the last one was written.
    expect(texts.at(-1)!.at - texts[0]!.at).toBeGreaterThanOrEqual(300);
    expect(arrivals.at(-1)!.event.type).toBe('done');
  });
});
