// The roles the signed-in user holds (GET /api/me/roles), cached 5 minutes per user.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRoles, Role } from '@nocturna/shared';
import { ROLE_CHECK_CACHE_MS } from '@nocturna/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { useSession } from './use-session.ts';
import { authKeys } from './auth-keys.ts';
import { useSigningOut } from './signing-out.ts';

export const getMyRoles = () => api<MyRoles>('/api/me/roles');

export const myRolesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: authKeys.myRoles(userId),
    queryFn: getMyRoles,
    staleTime: ROLE_CHECK_CACHE_MS,
    select: (r) => r.roles,
  });

export function useMyRoles(): { roles: Role[]; isPending: boolean; data: Role[] | undefined } {
  const { user, isPending: sessionPending } = useSession();
  const signingOut = useSigningOut();
  const query = useQuery({ ...myRolesQueryOptions(user?.id ?? ''), enabled: Boolean(user) && !signingOut });
  const roles = user ? (query.data ?? []) : [];
  return {
    roles,
    data: user ? query.data : [],
    isPending: sessionPending || (Boolean(user) && query.isPending),
  };
}
