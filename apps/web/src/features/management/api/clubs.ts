// The clubs I run (all of them for an admin): list, one for editing, create, update, archive.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClubInput, ManagedClub } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { manageKeys } from './manage-keys.ts';
import { useInvalidateCatalogue } from './invalidate.ts';

export const managedClubsQuery = () =>
  queryOptions({
    queryKey: manageKeys.clubs,
    queryFn: () => api<{ items: ManagedClub[] }>('/api/manage/clubs').then((r) => r.items),
  });
export const useManagedClubs = () => useQuery(managedClubsQuery());

export const useManagedClub = (id: string | undefined) =>
  useQuery({
    queryKey: manageKeys.club(id ?? ''),
    queryFn: () => api<ManagedClub>(`/api/manage/clubs/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
  });

export function useSaveClub(id: string | undefined) {
  const invalidate = useInvalidateCatalogue();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClubInput) =>
      id
        ? api<ManagedClub>(`/api/manage/clubs/${encodeURIComponent(id)}`, { method: 'PATCH', json: input })
        : api<ManagedClub>('/api/manage/clubs', { method: 'POST', json: input }),
    onSuccess: (club) => queryClient.setQueryData(manageKeys.club(club.id), club),
    onSettled: invalidate,
  });
}

export function useArchiveClub() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, restore }: { id: string; restore: boolean }) =>
      restore
        ? api(`/api/manage/clubs/${encodeURIComponent(id)}/unarchive`, { method: 'POST' })
        : api<{ archived: boolean; deleted: boolean }>(`/api/manage/clubs/${encodeURIComponent(id)}`, {
            method: 'DELETE',
          }),
    onSettled: invalidate,
  });
}

// The club's door policy: whether a card-paid ticket refused at the door is refunded.
export function useSaveDoorPolicy(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refundOnRefusal: boolean) =>
      api<ManagedClub>(`/api/manage/clubs/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: { refundOnRefusal },
      }),
    onSuccess: (club) => queryClient.setQueryData(manageKeys.club(club.id), club),
  });
}
