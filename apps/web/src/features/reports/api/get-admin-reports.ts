// GET /api/admin/reports?status=: the report queue (open: oldest first; handled: most recent first).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReportPage, ReportStatus } from '@nocturna/shared';
import { api, withQuery } from '../../../lib/api-client.ts';

export const reportKeys = {
  all: ['admin', 'reports'] as const,
  list: (status: ReportStatus) => ['admin', 'reports', status] as const,
};

export const getAdminReports = (status: ReportStatus, cursor?: string, signal?: AbortSignal) =>
  api<AdminReportPage>(withQuery('/api/admin/reports', { status, cursor, limit: 20 }), { signal });

export const adminReportsQueryOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: reportKeys.list(status),
    queryFn: ({ pageParam, signal }) => getAdminReports(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAdminReports = (status: ReportStatus) => useInfiniteQuery(adminReportsQueryOptions(status));
