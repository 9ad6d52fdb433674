// GET /api/assistant/conversations: the person's chats, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantConversation } from '@nocturna/shared/assistant';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from './assistant-keys.ts';

export const getConversations = () => api<{ items: AssistantConversation[] }>('/api/assistant/conversations');

export const conversationsQuery = () =>
  queryOptions({ queryKey: assistantKeys.conversations(), queryFn: getConversations });

export const useConversations = () => useQuery(conversationsQuery());
