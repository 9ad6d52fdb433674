// The promoter's API: their dashboard (refreshed every 30 s while the doors are open), statements, guest lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestList, GuestListDetail, PublicGuestList, RppDashboard, Statement } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';

export const rppKeys = {
  all: ['rpp'] as const,
  dashboard: ['rpp', 'dashboard'] as const,
  statement: (scope: StatementScope) => ['rpp', 'statement', scope] as const,
  list: (id: string) => ['rpp', 'list', id] as const,
  publicList: (token: string) => ['rpp', 'public-list', token] as const,
};

export type StatementScope = { eventId?: string; from?: string; to?: string };

export const useRppDashboard = () =>
  useQuery({
    queryKey: rppKeys.dashboard,
    queryFn: () => api<RppDashboard>('/api/rpp/dashboard'),
    refetchInterval: 30_000,
  });

export const statementUrl = (scope: StatementScope, format?: 'csv' | 'pdf') =>
  withQuery('/api/rpp/statement', { ...scope, format });

export const useMyStatement = (scope: StatementScope | null) =>
  useQuery({
    queryKey: rppKeys.statement(scope ?? {}),
    queryFn: () => api<Statement>(statementUrl(scope!)),
    enabled: Boolean(scope),
  });

export type NewList = { name: string; ticketTypeId: string; capacity: number; closesAt: string };

export function useCreateList(eventId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewList) =>
      api<GuestList>(`/api/rpp/events/${encodeURIComponent(eventId)}/lists`, { method: 'POST', json: body }),
    onSettled: () => void qc.invalidateQueries({ queryKey: rppKeys.all }),
  });
}

export const useGuestList = (id: string | null) =>
  useQuery({
    queryKey: rppKeys.list(id ?? ''),
    queryFn: () => api<GuestListDetail>(`/api/rpp/lists/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
  });

export function useAddGuest(listId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<{ ticketId: string }>(`/api/rpp/lists/${encodeURIComponent(listId)}/guests`, {
        method: 'POST',
        json: { name },
      }),
    onSettled: () => void qc.invalidateQueries({ queryKey: rppKeys.all }),
  });
}

export const usePublicList = (token: string) =>
  useQuery({
    queryKey: rppKeys.publicList(token),
    queryFn: () => api<PublicGuestList>(`/api/lists/${encodeURIComponent(token)}`),
  });

export function useJoinList(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ ticketId: string }>(`/api/lists/${encodeURIComponent(token)}/join`, { method: 'POST' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: rppKeys.publicList(token) }),
  });
}
