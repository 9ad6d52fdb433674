// POST /api/me/avatar (multipart, field "file") and DELETE /api/me/avatar. The server resizes the photo and
// strips its metadata; the new URL goes into the profile cache and the session (the header's photo).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { invalidatePeople, peopleKeys } from '../../connections/api/people-keys.ts';

type Avatar = { avatarUrl: string | null };

export function uploadAvatar(file: File): Promise<Avatar> {
  const form = new FormData();
  form.append('file', file);
  return api<Avatar>('/api/me/avatar', { method: 'POST', body: form });
}

export const deleteAvatar = () => api<Avatar>('/api/me/avatar', { method: 'DELETE' });

export function useAvatar(userId: string) {
  const queryClient = useQueryClient();
  const { refetch: refetchSession } = useSession();
  const saved = ({ avatarUrl }: Avatar) => {
    queryClient.setQueryData<OwnProfile>(peopleKeys.ownProfile(userId), (p) => p && { ...p, avatarUrl });
    void invalidatePeople(queryClient);
    // The session carries the photo the header shows.
    refetchSession();
  };
  return {
    upload: useMutation({ mutationFn: uploadAvatar, onSuccess: saved }),
    remove: useMutation({ mutationFn: deleteAvatar, onSuccess: saved }),
  };
}
