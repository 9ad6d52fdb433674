// Mounted once in the shell: opens the tab's socket while someone is signed in and turns the server's
// events into TanStack Query cache updates, so the list and both badges change without a reload.
// The socket and the subscription (with its payload schemas) load only while someone is signed in.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectSocket, disconnectSocket } from '../../lib/socket.ts';

export function NotificationsRealtime({ userId }: { userId: string | null }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void import('./notifications-subscription.ts').then(({ subscribeNotifications }) => {
      if (!cancelled) unsubscribe = subscribeNotifications(queryClient, userId);
    });
    connectSocket(userId);
    return () => {
      cancelled = true;
      unsubscribe?.();
      disconnectSocket();
    };
  }, [queryClient, userId]);
  return null;
}
