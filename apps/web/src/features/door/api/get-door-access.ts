// GET /api/door/access: whether the signed-in person may scan anywhere, and the clubs they work at.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoorAccess } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { doorKeys } from './door-keys.ts';

export const getDoorAccess = () => api<DoorAccess>('/api/door/access');

export const doorAccessQueryOptions = (userId: string) =>
  queryOptions({ queryKey: doorKeys.access(userId), queryFn: getDoorAccess, staleTime: 5 * 60_000 });

export function useDoorAccess() {
  const { user } = useSession();
  return useQuery({ ...doorAccessQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
