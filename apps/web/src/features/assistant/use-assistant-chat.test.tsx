// A fast answer in a new conversation: the page starts reading the conversation as soon as the reply starts,
// and that read can come back after the reply is done, without the answer. The answer must stay on the page,
// read from the server once the reply is done, not from the read that was already on its way.
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  AssistantConversationDetail,
  AssistantMessage,
  AssistantStreamEvent,
} from '@nocturna/shared/assistant';
import { useAssistantChat } from './use-assistant-chat.ts';

const conversation = { id: 'c1', title: '¿Cuándo es Hits?', createdAt: '2026-11-26T09:50:00.000Z' };
const question: AssistantMessage = {
  id: 'm0',
  role: 'user',
  text: '¿Cuándo es Hits?',
  cards: [],
  proposal: null,
  note: null,
  createdAt: conversation.createdAt,
};
const answer: AssistantMessage = {
  id: 'm1',
  role: 'assistant',
  text: 'Aquí tienes las fechas.',
  cards: [
    {
      kind: 'event',
      id: 'e1',
      slug: 'hits-kapital-2026-11-26',
      name: 'Hits · Kápital',
      clubName: 'Kápital',
      barrio: 'Centro',
      startAt: '2026-11-26T23:00:00.000Z',
      coverURL: '/media/hits.webp',
      minPrice: null,
      soldOut: true,
    },
  ],
  proposal: null,
  note: null,
  createdAt: '2026-11-26T09:50:01.000Z',
};
const detail = (messages: AssistantMessage[]): AssistantConversationDetail => ({
  ...conversation,
  updatedAt: messages.at(-1)!.createdAt,
  messages,
});

afterEach(() => vi.unstubAllGlobals());

describe('useAssistantChat', () => {
  it('keeps a fast answer when the read begun at its start comes back after it, without it', async () => {
    // The conversation as the server has it: the question alone until the reply is saved, then both.
    let saved = false;
    let releaseEarlyRead!: () => void;
    const earlyReadMayAnswer = new Promise<void>((resolve) => (releaseEarlyRead = resolve));
    let reads = 0;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const url = input;
      if (url === '/api/assistant/messages') {
        const events: AssistantStreamEvent[] = [
          { type: 'start', conversationId: 'c1', messageId: 'm1', engine: 'model' },
          { type: 'text', delta: answer.text },
          { type: 'cards', cards: answer.cards },
        ];
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            for (const event of events)
              controller.enqueue(new TextEncoder().encode(JSON.stringify(event) + '\n'));
            // The page has begun reading the conversation (the start event opened it) before the answer is saved.
            await waitFor(() => expect(reads).toBe(1));
            saved = true;
            const done = {
              type: 'done',
              message: answer,
              conversation: { ...conversation, updatedAt: answer.createdAt },
            };
            controller.enqueue(new TextEncoder().encode(JSON.stringify(done) + '\n'));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
      }
      if (url === '/api/assistant/conversations/c1') {
        reads += 1;
        const snapshot = saved ? detail([question, answer]) : detail([question]);
        // The early read is slow: it answers, with what it saw, only after the reply is done.
        if (!saved) await earlyReadMayAnswer;
        if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        return json(snapshot);
      }
      return json({ items: [] });
    });

    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    let opened: string | null = null;
    const { result, rerender } = renderHook(({ id }) => useAssistantChat(id, (next) => (opened = next)), {
      wrapper,
      initialProps: { id: null as string | null },
    });

    let sending!: Promise<void>;
    act(() => {
      sending = result.current.send(question.text);
    });
    await waitFor(() => expect(opened).toBe('c1'));
    // The page follows the URL to the new conversation, which starts the early read.
    rerender({ id: 'c1' });
    await waitFor(() => expect(saved).toBe(true));
    // The reply is done; only now does the early read answer, without the answer in it.
    setTimeout(releaseEarlyRead, 20);
    await act(() => sending);

    await waitFor(() => expect(result.current.live).toBeNull());
    expect(result.current.messages.map((m) => m.id)).toEqual(['m0', 'm1']);
    expect(result.current.messages[1]!.cards[0]).toMatchObject({
      slug: 'hits-kapital-2026-11-26',
      soldOut: true,
    });
  });
});
