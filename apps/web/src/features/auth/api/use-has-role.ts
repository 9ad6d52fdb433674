// "Does this user hold role R?" (GET /api/users/:id/roles/:role). Cached 5 minutes per user;
// a failed check counts as denied (and is only logged).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@nocturna/shared';
import { ROLE_CHECK_CACHE_MS } from '@nocturna/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';
import { useSigningOut } from './signing-out.ts';

type HasRole = { userId: string; role: Role; hasRole: boolean };

export const getHasRole = (userId: string, role: Role) =>
  api<HasRole>(`/api/users/${encodeURIComponent(userId)}/roles/${role}`).then((r) => r.hasRole);

export const hasRoleQueryOptions = (userId: string, role: Role) =>
  queryOptions({
    queryKey: authKeys.hasRole(userId, role),
    queryFn: async () => {
      try {
        return await getHasRole(userId, role);
      } catch (error) {
        console.warn('Role check failed; treating as denied', error);
        return false;
      }
    },
    staleTime: ROLE_CHECK_CACHE_MS,
    gcTime: ROLE_CHECK_CACHE_MS,
    retry: false,
  });

export function useHasRole(userId: string | undefined, role: Role) {
  const signingOut = useSigningOut();
  return useQuery({ ...hasRoleQueryOptions(userId ?? '', role), enabled: Boolean(userId) && !signingOut });
}
