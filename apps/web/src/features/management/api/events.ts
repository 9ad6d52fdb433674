// Events of the clubs I run, one event with its ticket types, and every change to them.
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  EventInput,
  EventUpdate,
  ManagedEvent,
  ManagedEventRow,
  ManagedTicketType,
  ReentryRule,
  TicketTypeInput,
} from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { manageKeys } from './manage-keys.ts';
import { useInvalidateCatalogue } from './invalidate.ts';

export type EventsWhen = 'upcoming' | 'past' | 'all';
const eventPath = (id: string) => `/api/manage/events/${encodeURIComponent(id)}`;

export const useManagedEvents = (clubId: string | undefined, when: EventsWhen) =>
  useQuery({
    queryKey: manageKeys.events(clubId, when),
    queryFn: () =>
      api<{ items: ManagedEventRow[] }>(withQuery('/api/manage/events', { clubId, when })).then(
        (r) => r.items,
      ),
  });

export const useManagedEvent = (id: string | undefined) =>
  useQuery({
    queryKey: manageKeys.event(id ?? ''),
    queryFn: () => api<ManagedEvent>(eventPath(id!)),
    enabled: Boolean(id),
  });

function useEventMutation<V, R>(fn: (v: V) => Promise<R>) {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: fn, onSettled: invalidate });
}

export const useCreateEvent = () =>
  useEventMutation((input: EventInput) =>
    api<ManagedEvent>('/api/manage/events', { method: 'POST', json: input }),
  );

export const useUpdateEvent = (id: string) =>
  useEventMutation((patch: EventUpdate) =>
    api<ManagedEvent>(eventPath(id), { method: 'PATCH', json: patch }),
  );

export const useEventStatus = (id: string) =>
  useEventMutation((status: 'draft' | 'published') =>
    api<ManagedEvent>(`${eventPath(id)}/status`, { method: 'POST', json: { status } }),
  );

export const useDuplicateEvent = () =>
  useEventMutation((id: string) => api<ManagedEvent>(`${eventPath(id)}/duplicate`, { method: 'POST' }));

export const useCancelEvent = (id: string) =>
  useEventMutation(() =>
    api<{ event: ManagedEvent; ticketsCancelled: number; holdersNotified: number }>(
      `${eventPath(id)}/cancel`,
      {
        method: 'POST',
      },
    ),
  );

type Types = { items: ManagedTicketType[] };
export type TicketTypePatch = Partial<TicketTypeInput> & { paused?: boolean };

export const useAddTicketType = (eventId: string) =>
  useEventMutation((input: TicketTypeInput) =>
    api<Types>(`${eventPath(eventId)}/ticket-types`, { method: 'POST', json: input }),
  );

export const useUpdateTicketType = (eventId: string) =>
  useEventMutation(({ typeId, patch }: { typeId: string; patch: TicketTypePatch }) =>
    api<Types>(`${eventPath(eventId)}/ticket-types/${encodeURIComponent(typeId)}`, {
      method: 'PATCH',
      json: patch,
    }),
  );

export const useDeleteTicketType = (eventId: string) =>
  useEventMutation((typeId: string) =>
    api<Types>(`${eventPath(eventId)}/ticket-types/${encodeURIComponent(typeId)}`, { method: 'DELETE' }),
  );

export const useReorderTicketTypes = (eventId: string) =>
  useEventMutation((ids: string[]) =>
    api<Types>(`${eventPath(eventId)}/ticket-types/order`, { method: 'PUT', json: { ids } }),
  );

export const useDjAccounts = (q: string) =>
  useQuery({
    queryKey: manageKeys.djs(q),
    queryFn: () =>
      api<{ items: { id: string; name: string; username: string | null }[] }>(
        withQuery('/api/manage/djs', { q }),
      ).then((r) => r.items),
    staleTime: 60_000,
  });

// The event's re-entry rule: the door's endpoint, answered by the club's CEO or an admin.
export const useSaveReentryRule = (eventId: string) =>
  useEventMutation((rule: ReentryRule) =>
    api<ReentryRule>(`/api/door/events/${encodeURIComponent(eventId)}/reentry`, {
      method: 'PUT',
      json: rule,
    }),
  );
