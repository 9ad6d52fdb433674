// Notification preferences per kind and channel.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelPreference, NotificationPreferences, PreferenceKind } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-keys.ts';

export const preferencesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.preferences(),
    queryFn: () => api<NotificationPreferences>('/api/me/notification-preferences'),
  });

export const usePreferences = () => useQuery(preferencesQuery());

export function useSavePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: PreferenceKind } & ChannelPreference) =>
      api<NotificationPreferences>('/api/me/notification-preferences', { method: 'PUT', json: input }),
    onSuccess: (data) => queryClient.setQueryData(preferencesQuery().queryKey, data),
  });
}
