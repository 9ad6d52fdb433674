// One chat's state: the messages the server keeps, plus the exchange in flight while its reply streams in.
// The stop button aborts the request (the server keeps what was already said).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AssistantCard, AssistantMessage, AssistantProposal } from '@nocturna/shared/assistant';
import { assistantKeys } from './api/assistant-keys.ts';
import { conversationQuery, useConversation } from './api/get-conversation.ts';
import { streamMessage } from './api/stream-message.ts';
import { toAssistantError, type AssistantError } from './error-message.ts';

export type LiveExchange = {
  // How many stored messages come before this exchange.
  baseCount: number;
  question: string;
  messageId: string | null;
  text: string;
  cards: AssistantCard[];
  proposal: AssistantProposal | null;
  note: string | null;
  status: 'streaming' | 'stopped' | 'failed';
  error: AssistantError | null;
};

export function useAssistantChat(conversationId: string | null, openConversation: (id: string) => void) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useConversation(conversationId);
  const [live, setLive] = useState<LiveExchange | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Another conversation opened: whatever was in flight belongs to the old one.
  useEffect(() => {
    setLive((current) => (current?.status === 'streaming' ? current : null));
  }, [conversationId]);

  const update = (change: (live: LiveExchange) => Partial<LiveExchange>) =>
    setLive((current) => (current ? { ...current, ...change(current) } : current));

  const send = useCallback(
    async (question: string) => {
      if (controller.current) return;
      let current = conversationId;
      let stored: AssistantMessage[] = detail.data?.messages ?? [];
      if (current && live)
        stored = (await queryClient.fetchQuery({ ...conversationQuery(current), staleTime: 0 })).messages;
      setLive({
        baseCount: stored.length,
        question,
        messageId: null,
        text: '',
        cards: [],
        proposal: null,
        note: null,
        status: 'streaming',
        error: null,
      });
      const abort = new AbortController();
      controller.current = abort;
      let finished = false;
      try {
        await streamMessage(
          {
            text: question,
            conversationId: current ?? undefined,
            lang: i18n.language === 'en' ? 'en' : 'es',
          },
          (event) => {
            if (event.type === 'start') {
              update(() => ({ messageId: event.messageId }));
              if (!current) {
                current = event.conversationId;
                openConversation(event.conversationId);
              }
            } else if (event.type === 'text') update((l) => ({ text: l.text + event.delta }));
            else if (event.type === 'cards') update((l) => ({ cards: [...l.cards, ...event.cards] }));
            else if (event.type === 'proposal') update(() => ({ proposal: event.proposal }));
            else if (event.type === 'note') update(() => ({ note: event.text }));
            else if (event.type === 'error')
              update(() => ({ status: 'failed', error: { code: event.error.code } }));
            else if (event.type === 'done') finished = true;
          },
          abort.signal,
        );
        if (finished && current) {
          // The page began reading the new conversation when the reply started; that read can still be on its
          // way, without this answer. fetchQuery would join it, so it is cancelled and the conversation read anew.
          const query = conversationQuery(current);
          await queryClient.cancelQueries({ queryKey: query.queryKey, exact: true });
          await queryClient.fetchQuery({ ...query, staleTime: 0 });
          setLive(null);
        }
      } catch (error) {
        if (abort.signal.aborted) update(() => ({ status: 'stopped' }));
        else update(() => ({ status: 'failed', error: toAssistantError(error) }));
      } finally {
        controller.current = null;
        void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() });
      }
    },
    [conversationId, detail.data, live, i18n.language, queryClient, openConversation],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    setLive(null);
  }, []);

  const stored = detail.data?.messages ?? [];
  return {
    messages: live ? stored.slice(0, live.baseCount) : stored,
    live,
    loading: Boolean(conversationId) && detail.isPending && !live,
    failed: detail.isError && !live,
    streaming: live?.status === 'streaming',
    send,
    stop,
    reset,
  };
}
