// "Download my data": the recent exports (polled while one is being built) and asking for a new one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-keys.ts';

export const exportsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.exports(),
    queryFn: async () => (await api<{ items: DataExport[] }>('/api/me/exports')).items,
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'pending') ? 2000 : false),
  });

export const useExports = () => useQuery(exportsQuery());

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<DataExport>('/api/me/exports', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportsQuery().queryKey }),
  });
}

export const exportDownloadUrl = (id: string) => `/api/me/exports/${encodeURIComponent(id)}/download`;
