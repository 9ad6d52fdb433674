// Renaming and deleting a chat (PATCH / DELETE /api/assistant/conversations/:id).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantConversation } from '@nocturna/shared/assistant';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from './assistant-keys.ts';

const url = (id: string) => `/api/assistant/conversations/${encodeURIComponent(id)}`;

export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api<AssistantConversation>(url(id), { method: 'PATCH', json: { title } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() }),
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(url(id), { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations() }),
  });
}
