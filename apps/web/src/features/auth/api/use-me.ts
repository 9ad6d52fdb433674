// The session as the server sees it (GET /api/me), for /test-auth.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';
import { useSigningOut } from './signing-out.ts';

export const getMe = () => api<Me>('/api/me');
export const meQueryOptions = (userId: string) =>
  queryOptions({ queryKey: authKeys.me(userId), queryFn: getMe, staleTime: 0 });
export function useMe(userId: string) {
  const signingOut = useSigningOut();
  return useQuery({ ...meQueryOptions(userId), enabled: Boolean(userId) && !signingOut });
}
