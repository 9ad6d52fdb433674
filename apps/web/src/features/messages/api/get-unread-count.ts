// GET /api/messages/unread-count: unread messages across my conversations, for the nav badge. The socket's
// messages:unread-count event keeps it current (see messages-live.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './message-keys.ts';

export const getMessagesUnread = (signal?: AbortSignal) =>
  api<{ count: number }>('/api/messages/unread-count', { signal });

export const messagesUnreadQueryOptions = (me: string) =>
  queryOptions({
    queryKey: messageKeys.unread(me),
    queryFn: ({ signal }) => getMessagesUnread(signal),
    select: (r) => r.count,
  });

export const useMessagesUnreadQuery = (me: string | null | undefined) =>
  useQuery({ ...messagesUnreadQueryOptions(me ?? ''), enabled: Boolean(me) });
