// GET/PUT /api/me/presence-settings: whether the user's connections see them online and their last seen.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type PresenceSettings = { showOnline: boolean };

const key = (userId: string) => ['presence', 'settings', userId] as const;

export const getPresenceSettings = (signal?: AbortSignal) =>
  api<PresenceSettings>('/api/me/presence-settings', { signal });
export const putPresenceSettings = (settings: PresenceSettings) =>
  api<PresenceSettings>('/api/me/presence-settings', { method: 'PUT', json: settings });

export const presenceSettingsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: key(userId), queryFn: ({ signal }) => getPresenceSettings(signal) });

export const usePresenceSettings = (userId: string) => useQuery(presenceSettingsQueryOptions(userId));

export function useSavePresenceSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPresenceSettings,
    onMutate: (settings) => {
      const previous = queryClient.getQueryData<PresenceSettings>(key(userId));
      queryClient.setQueryData(key(userId), settings);
      return { previous };
    },
    onError: (_error, _settings, context) => queryClient.setQueryData(key(userId), context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(userId) }),
  });
}
