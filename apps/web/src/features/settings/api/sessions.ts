// My sessions: list, close one, close all the others.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-keys.ts';

export const sessionsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.sessions(),
    queryFn: async () => (await api<{ items: AccountSession[] }>('/api/me/sessions')).items,
  });

export const useSessions = () => useQuery(sessionsQuery());

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ revoked: number }>('/api/me/sessions/revoke-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}
