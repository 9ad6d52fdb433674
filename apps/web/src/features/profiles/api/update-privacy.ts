// PATCH /api/me/privacy: one setting at a time, shown at once and put back if the server says no.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, PrivacySettings } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { invalidatePeople, peopleKeys } from '../../connections/api/people-keys.ts';

export const patchPrivacy = (change: Partial<PrivacySettings>) =>
  api<PrivacySettings>('/api/me/privacy', { method: 'PATCH', json: change });

export function useUpdatePrivacy(userId: string) {
  const queryClient = useQueryClient();
  const key = peopleKeys.ownProfile(userId);
  return useMutation({
    mutationFn: patchPrivacy,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OwnProfile>(key);
      queryClient.setQueryData<OwnProfile>(key, (p) => p && { ...p, privacy: { ...p.privacy, ...change } });
      return { previous };
    },
    onError: (_error, _change, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (privacy) => queryClient.setQueryData<OwnProfile>(key, (p) => p && { ...p, privacy }),
    // "Show when I am online" is also the settings page's presence switch.
    onSettled: () =>
      Promise.all([
        invalidatePeople(queryClient),
        queryClient.invalidateQueries({ queryKey: ['presence', 'settings', userId] }),
      ]),
  });
}
