// The incidents API: the door logs (and reads what it logged), the club's CEO reads, exports and runs bans.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Ban,
  DoorTicket,
  Incident,
  IncidentInput,
  IncidentType,
  ManagedEventRow,
  NewBan,
} from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';

const door = (eventId: string) => `/api/door/events/${encodeURIComponent(eventId)}`;
const club = (clubId: string) => `/api/clubs/${encodeURIComponent(clubId)}`;
export type IncidentFilters = { type?: IncidentType; eventId?: string };

export const incidentKeys = {
  door: (eventId: string) => ['incidents', 'door', eventId] as const,
  club: (clubId: string) => ['incidents', 'club', clubId] as const,
  bans: (clubId: string) => ['incidents', 'bans', clubId] as const,
  events: (clubId: string) => ['incidents', 'events', clubId] as const,
};

export const useDoorTicketSearch = (eventId: string, q: string) =>
  useQuery({
    queryKey: ['incidents', 'tickets', eventId, q],
    queryFn: ({ signal }) =>
      api<{ items: DoorTicket[] }>(withQuery(`${door(eventId)}/tickets`, { q }), { signal }),
    select: (r) => r.items,
    enabled: q.length >= 2,
    // While the next search is on its way, the last one's results stay on the screen (marked as stale).
    placeholderData: keepPreviousData,
  });

export const useMyIncidents = (eventId: string) =>
  useQuery({
    queryKey: incidentKeys.door(eventId),
    queryFn: () => api<{ items: Incident[] }>(`${door(eventId)}/incidents`),
  });

export function useLogIncident(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    // The incident first, then its photo: a photo that fails to upload does not lose the report.
    mutationFn: async ({ body, photo }: { body: IncidentInput; photo: File | null }) => {
      const logged = await api<{ id: string; banned: number }>(`${door(eventId)}/incidents`, {
        method: 'POST',
        json: body,
      });
      if (!photo) return { ...logged, photoFailed: false };
      const form = new FormData();
      form.append('file', photo);
      const sent = await api(`/api/incidents/${encodeURIComponent(logged.id)}/photo`, {
        method: 'POST',
        body: form,
      }).then(
        () => true,
        () => false,
      );
      return { ...logged, photoFailed: !sent };
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: incidentKeys.door(eventId) }),
  });
}

export const clubIncidentsCsvUrl = (clubId: string, filters: IncidentFilters) =>
  withQuery(`${club(clubId)}/incidents.csv`, filters);

// A new filter keeps the last list on screen until its own answer comes (isPlaceholderData meanwhile): the page,
// its filters and a ban being written stay where they are instead of giving way to "Cargando".
export const useClubIncidents = (clubId: string, filters: IncidentFilters) =>
  useQuery({
    queryKey: [...incidentKeys.club(clubId), filters],
    queryFn: () => api<{ items: Incident[] }>(withQuery(`${club(clubId)}/incidents`, filters)),
    placeholderData: keepPreviousData,
  });

export const useClubBans = (clubId: string) =>
  useQuery({
    queryKey: incidentKeys.bans(clubId),
    queryFn: () => api<{ items: Ban[] }>(`${club(clubId)}/bans`),
  });

export function useLiftBan(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (banId: string) =>
      api<Ban>(`${club(clubId)}/bans/${encodeURIComponent(banId)}/lift`, { method: 'POST' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: incidentKeys.bans(clubId) }),
  });
}

export function useCreateBan(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewBan) => api<Ban>(`${club(clubId)}/bans`, { method: 'POST', json: input }),
    onSettled: () => void qc.invalidateQueries({ queryKey: incidentKeys.bans(clubId) }),
  });
}

// The club's events to look a person up in: those not over yet (under way first, then the coming ones) and the
// ones already over, latest first.
export const useClubEvents = (clubId: string) =>
  useQuery({
    queryKey: incidentKeys.events(clubId),
    queryFn: async () => {
      const list = (when: 'past' | 'upcoming') =>
        api<{ items: ManagedEventRow[] }>(withQuery('/api/manage/events', { clubId, when })).then(
          (r) => r.items,
        );
      const [current, past] = await Promise.all([list('upcoming'), list('past')]);
      return { current, past };
    },
  });
