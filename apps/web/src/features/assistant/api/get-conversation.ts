// GET /api/assistant/conversations/:id: one chat with its messages.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantConversationDetail } from '@nocturna/shared/assistant';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from './assistant-keys.ts';

export const getConversation = (id: string) =>
  api<AssistantConversationDetail>(`/api/assistant/conversations/${encodeURIComponent(id)}`);

export const conversationQuery = (id: string) =>
  queryOptions({ queryKey: assistantKeys.conversation(id), queryFn: () => getConversation(id) });

export const useConversation = (id: string | null) =>
  useQuery({ ...conversationQuery(id ?? ''), enabled: Boolean(id) });
