// Club owners for admins (GET /api/admin/club-owners, POST/DELETE /api/admin/clubs/:id/owners).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClubOwnersList } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { doorKeys } from './door-keys.ts';

export const clubOwnersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: doorKeys.owners(userId),
    queryFn: () => api<ClubOwnersList>('/api/admin/club-owners'),
    select: (r) => r.items,
  });

export function useClubOwners() {
  const { user } = useSession();
  return useQuery({ ...clubOwnersQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}

export function useAddOwner() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: ({ clubId, login }: { clubId: string; login: string }) =>
      api<unknown>(`/api/admin/clubs/${encodeURIComponent(clubId)}/owners`, {
        method: 'POST',
        json: { login },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorKeys.owners(user?.id ?? '') }),
  });
}

export function useRemoveOwner() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: ({ clubId, ownerId }: { clubId: string; ownerId: string }) =>
      api<void>(`/api/admin/clubs/${encodeURIComponent(clubId)}/owners/${encodeURIComponent(ownerId)}`, {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: doorKeys.owners(user?.id ?? '') }),
  });
}
