// GET /api/door/events: tonight's events the signed-in person may scan, each with its aforo.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { doorEventListSchema } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { doorKeys } from './door-keys.ts';

export type DoorEventList = z.infer<typeof doorEventListSchema>;

export const getDoorEvents = () => api<DoorEventList>('/api/door/events');

export const doorEventsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: doorKeys.events(userId), queryFn: getDoorEvents });

export function useDoorEvents() {
  const { user } = useSession();
  return useQuery({ ...doorEventsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
