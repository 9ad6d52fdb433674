// GET /api/me/night: everything "Mi noche" shows in one answer.
import { useQuery } from '@tanstack/react-query';
import type { MyNight } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';

export const myNightKey = ['my-night'] as const;
export const useMyNight = () =>
  useQuery({ queryKey: myNightKey, queryFn: () => api<MyNight>('/api/me/night'), refetchInterval: 60_000 });
