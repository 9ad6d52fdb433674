// The CEO's dashboard, the admin's platform figures, the audit log and the demo-data button.
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminOverview, AuditEntry, CeoDashboard, LiveAforo } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';
import { manageKeys } from './manage-keys.ts';
import { useInvalidateCatalogue } from './invalidate.ts';

// Tonight's figures move while the doors are open: refreshed every 30 s while the page is visible.
export const useCeoDashboard = () =>
  useQuery({
    queryKey: manageKeys.ceo,
    queryFn: () => api<CeoDashboard>('/api/dashboards/ceo'),
    refetchInterval: 30_000,
  });

export const useAdminOverview = () =>
  useQuery({ queryKey: manageKeys.overview, queryFn: () => api<AdminOverview>('/api/admin/overview') });

export type AuditFilters = { clubId?: string; entity?: AuditEntry['entity'] };

export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: manageKeys.audit(filters),
    queryFn: ({ pageParam }) =>
      api<{ items: AuditEntry[]; nextCursor: string | null }>(
        withQuery('/api/manage/audit', { ...filters, cursor: pageParam, limit: 20 }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useDemoSeed() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: () => api<{ success: boolean; error?: string }>('/api/admin/demo-seed', { method: 'POST' }),
    onSettled: invalidate,
  });
}

// Who is inside each club right now: polled every 10 s while the page is open (doors move fast at 2 a.m.).
export const useLiveAforo = () =>
  useQuery({
    queryKey: [...manageKeys.ceo, 'aforo'] as const,
    queryFn: () => api<LiveAforo>('/api/dashboards/ceo/aforo'),
    refetchInterval: 10_000,
  });
