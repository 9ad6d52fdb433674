// The unread count the shell shows, kept live while someone is signed in. The socket subscription and its
// payload schemas (messages-subscription.ts) load only then: a visitor's page never downloads them.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMessagesUnreadQuery } from './api/get-unread-count.ts';

export function useLiveMessagesUnread(me: string | null | undefined): number {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!me) return;
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void import('./messages-subscription.ts').then(({ subscribeMessages }) => {
      if (!cancelled) unsubscribe = subscribeMessages(queryClient, me);
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [queryClient, me]);
  const query = useMessagesUnreadQuery(me);
  return me ? (query.data ?? 0) : 0;
}
