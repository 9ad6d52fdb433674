// PATCH /api/me/profile with only the fields that changed; the answer is the whole profile, put straight in the
// cache. The session is refreshed too, so the header shows a new name at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileUpdate } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { invalidatePeople, peopleKeys } from '../../connections/api/people-keys.ts';

export const patchProfile = (change: ProfileUpdate) =>
  api<OwnProfile>('/api/me/profile', { method: 'PATCH', json: change });

export function useUpdateProfile(userId: string, onSaved?: () => void) {
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = useSession();
  return useMutation({
    mutationFn: patchProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(peopleKeys.ownProfile(userId), profile);
      void invalidatePeople(queryClient);
      refetchSession();
      onSaved?.();
    },
  });
}
