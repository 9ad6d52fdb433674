// A club's door team for its CEO (GET/POST/DELETE /api/clubs/:id/staff).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClubStaffList } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { doorKeys } from './door-keys.ts';

const staffPath = (clubId: string) => `/api/clubs/${encodeURIComponent(clubId)}/staff`;

export const clubStaffQueryOptions = (userId: string, clubId: string) =>
  queryOptions({
    queryKey: doorKeys.staff(userId, clubId),
    queryFn: () => api<ClubStaffList>(staffPath(clubId)),
  });

export function useClubStaff(clubId: string) {
  const { user } = useSession();
  return useQuery({ ...clubStaffQueryOptions(user?.id ?? '', clubId), enabled: Boolean(user) });
}

export function useAddDoorStaff(clubId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (login: string) => api<unknown>(staffPath(clubId), { method: 'POST', json: { login } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: doorKeys.staff(user?.id ?? '', clubId) }),
  });
}

export function useRemoveDoorStaff(clubId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (staffUserId: string) =>
      api<void>(`${staffPath(clubId)}/${encodeURIComponent(staffUserId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: doorKeys.staff(user?.id ?? '', clubId) }),
  });
}
