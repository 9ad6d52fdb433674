// While a people screen is open: when the server says something changed between me and someone (a request,
// an acceptance, a block), every people query refreshes, so both people see it without a reload.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONNECTION_SOCKET_EVENTS } from '@nocturna/shared/socket-events';
import { onSocketConnect, onSocketEvent } from '../../lib/socket.ts';
import { invalidatePeople } from './api/people-keys.ts';

export function useConnectionsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void invalidatePeople(queryClient);
    const off = [onSocketEvent(CONNECTION_SOCKET_EVENTS.changed, refresh), onSocketConnect(refresh)];
    return () => off.forEach((unsubscribe) => unsubscribe());
  }, [queryClient]);
}
