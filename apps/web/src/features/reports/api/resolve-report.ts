// POST /api/admin/reports/:id/resolve { outcome, note }: close an open report. Refreshes every queue tab.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReport, ResolveReport } from '@nocturna/shared';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from './get-admin-reports.ts';

export const resolveReport = ({ id, ...body }: ResolveReport & { id: string }) =>
  api<AdminReport>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, { method: 'POST', json: body });

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
