// Tells the assistant what became of a reservation it proposed (PATCH …/messages/:id/proposal).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantMessage } from '@nocturna/shared/assistant';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from './assistant-keys.ts';

export type SettleInput = {
  conversationId: string;
  messageId: string;
  status: 'confirmed' | 'dismissed';
  ticketId?: string;
};

export function useSettleProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, messageId, ...body }: SettleInput) =>
      api<AssistantMessage>(
        `/api/assistant/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/proposal`,
        { method: 'PATCH', json: body },
      ),
    onSettled: (_data, _error, input) =>
      void queryClient.invalidateQueries({ queryKey: assistantKeys.conversation(input.conversationId) }),
  });
}
