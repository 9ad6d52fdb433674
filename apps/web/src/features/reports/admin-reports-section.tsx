// The "Denuncias" section of the admin dashboard: the open queue oldest first, and what was resolved or
// dismissed, each closable once (the server settles two admins acting at once).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '@nocturna/shared';
import { REPORT_STATUSES } from '@nocturna/shared/reports';
import { focusRing } from '../../components/focus-ring.ts';
import { useAdminReports } from './api/get-admin-reports.ts';
import { AdminReportItem } from './components/admin-report-item.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

export function AdminReportsSection() {
  const { t } = useTranslation('reports');
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useAdminReports(status);
  const items = reports.data?.pages.flatMap((p) => p.items) ?? [];
  const openCount = reports.data?.pages[0]?.openCount;
  return (
    <Card as="section" className="mt-6 min-w-0" aria-labelledby="reports-title">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="reports-title" className="text-lg font-bold text-white">
          {t('admin.title')}
        </h2>
        {openCount !== undefined && (
          <span className="text-sm text-flame-500">{t('admin.open', { count: openCount })}</span>
        )}
      </div>
      <p className="mt-1 text-sm text-white/50">{t('admin.lead')}</p>
      <div role="group" aria-label={t('admin.title')} className="mt-4 flex flex-wrap gap-2">
        {REPORT_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold transition-colors ${status === value ? 'bg-neon-600 text-white' : 'border border-white/10 text-white/70 hover:bg-white/5'} ${focusRing}`}
          >
            {t(`admin.tabs.${value}`)}
          </button>
        ))}
      </div>
      {reports.isError && <p className="mt-4 text-sm text-flame-500">{t('admin.error')}</p>}
      {reports.isSuccess && items.length === 0 && (
        <p className="mt-4 text-sm text-white/50">{t('admin.empty')}</p>
      )}
      <ul className="mt-2 flex flex-col divide-y divide-white/5">
        {items.map((report) => (
          <AdminReportItem key={report.id} report={report} />
        ))}
      </ul>
      {reports.hasNextPage && (
        <Button
          type="button"
          tone="secondary"
          shape="block"
          size="md"
          onClick={() => void reports.fetchNextPage()}
          disabled={reports.isFetchingNextPage}
          className="mt-4 w-full text-sm"
        >
          {t('admin.loadMore')}
        </Button>
      )}
    </Card>
  );
}
