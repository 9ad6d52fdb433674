// GET /api/door/events/:id/conflicts and marking one reviewed: tickets two doors let in, or that were no
// longer valid when an offline door let them in.
import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInConflict } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { onSocketConnect } from '../../../lib/socket.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { doorKeys } from './door-keys.ts';

export const getConflicts = (eventId: string) =>
  api<{ items: CheckInConflict[] }>(`/api/door/events/${encodeURIComponent(eventId)}/conflicts`);

export const conflictsQueryOptions = (userId: string, eventId: string) =>
  queryOptions({
    queryKey: doorKeys.conflicts(userId, eventId),
    queryFn: () => getConflicts(eventId),
    select: (r) => r.items,
  });

// New alerts arrive over the socket; after a drop (the door lost its signal) the ones pushed meanwhile were
// missed, so the list is read again whenever the socket connects.
export function useConflicts(eventId: string, enabled: boolean) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  useEffect(
    () =>
      onSocketConnect(
        () => void queryClient.invalidateQueries({ queryKey: doorKeys.conflicts(userId, eventId) }),
      ),
    [queryClient, userId, eventId],
  );
  return useQuery({ ...conflictsQueryOptions(userId, eventId), enabled: Boolean(user) && enabled });
}

export function useReviewConflict(eventId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (conflictId: string) =>
      api<void>(
        `/api/door/events/${encodeURIComponent(eventId)}/conflicts/${encodeURIComponent(conflictId)}/review`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: doorKeys.conflicts(user?.id ?? '', eventId) }),
  });
}
