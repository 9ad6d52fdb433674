// @vitest-environment node
// The reply stream as the browser receives it: lines split anywhere across network chunks, and errors before
// the stream starts (the message limit) thrown with the server's message.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssistantStreamEvent } from '@nocturna/shared/assistant';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { streamMessage } from './stream-message.ts';

function respondWith(chunks: string[], status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  vi.stubGlobal('fetch', async () => new Response(body, { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('streamMessage', () => {
  it('hands over each NDJSON event once its line is complete, however the bytes were cut', async () => {
    const lines = [
      { type: 'start', conversationId: 'c1', messageId: 'm1', engine: 'builtin' },
      { type: 'text', delta: 'Esta noche ' },
      { type: 'text', delta: 'hay «Búnker»' },
    ]
      .map((e) => JSON.stringify(e) + '\n')
      .join('');
    respondWith([lines.slice(0, 7), lines.slice(7, 80), lines.slice(80, 81), lines.slice(81)]);
    const seen: AssistantStreamEvent[] = [];
    await streamMessage({ text: 'hola' }, (e) => seen.push(e), new AbortController().signal);
    expect(seen.map((e) => e.type)).toEqual(['start', 'text', 'text']);
    expect(seen.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('')).toBe(
      'Esta noche hay «Búnker»',
    );
  });

  it('throws the server’s error, e.g. the message limit, before any event', async () => {
    const message = 'Has enviado 30 mensajes en 10 minutos. Espera 4 minutos y vuelve a preguntar.';
    respondWith([JSON.stringify({ error: { code: 'ASSISTANT_RATE_LIMITED', message } })], 429);
    const error = await streamMessage({ text: 'hola' }, () => undefined, new AbortController().signal).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(message);
    expect((error as ApiRequestError).status).toBe(429);
  });
});
