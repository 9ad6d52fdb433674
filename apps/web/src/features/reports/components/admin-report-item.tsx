// One report in the admin queue: who reported whom and why, the reported message as it was, and (while open)
// a note with the two ways to close it.
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminReport } from '@nocturna/shared';
import { REPORT_NOTE_MAX_LENGTH } from '@nocturna/shared/reports';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDay, formatTime } from '../../../lib/catalogue-format.ts';
import { useResolveReport } from '../api/resolve-report.ts';
import { Button } from '../../../components/ui/button.tsx';

const person = (p: AdminReport['reporter']) =>
  `${p.name}${p.username ? ` (@${p.username})` : ''}${p.email ? ` · ${p.email}` : ''}`;

export function AdminReportItem({ report }: { report: AdminReport }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  const noteId = useId();
  const when = (iso: string) => `${formatDay(iso, locale)} ${formatTime(iso, locale)}`;

  const close = (outcome: 'resolved' | 'dismissed') =>
    resolve.mutate(
      { id: report.id, outcome, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => toast.success(t('admin.closed')),
        onError: (error) =>
          toast.error(
            error instanceof ApiRequestError && error.code === 'REPORT_ALREADY_CLOSED'
              ? t('admin.alreadyClosed')
              : t('admin.closeFailed'),
          ),
      },
    );

  return (
    <li data-testid="admin-report" className="flex flex-col gap-3 py-4">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-neon-500/15 px-2 py-0.5 font-semibold text-neon-400">
          {t(`admin.kind.${report.kind}`)}
        </span>
        <span className="rounded-full bg-flame-500/15 px-2 py-0.5 font-semibold text-flame-500">
          {t(`reasons.${report.reason}`)}
        </span>
        <time dateTime={report.createdAt} className="text-white/55">
          {when(report.createdAt)}
        </time>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-white/50">{t('admin.reported')}</dt>
        <dd className="min-w-0 break-words text-white">{person(report.reported)}</dd>
        <dt className="text-white/50">{t('admin.reporter')}</dt>
        <dd className="min-w-0 break-words text-white/80">{person(report.reporter)}</dd>
      </dl>
      {report.message && (
        <blockquote className="rounded-2xl border border-white/5 bg-night-800 px-4 py-3 text-sm break-words whitespace-pre-wrap text-white/85">
          {report.message.body}
        </blockquote>
      )}
      {report.note && <p className="text-sm break-words text-white/70 italic">“{report.note}”</p>}
      {report.status === 'open' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <label htmlFor={noteId} className="mb-1 block text-xs text-white/50">
              {t('admin.resolutionNote')}
            </label>
            <input
              id={noteId}
              value={note}
              maxLength={REPORT_NOTE_MAX_LENGTH}
              onChange={(e) => setNote(e.target.value)}
              className={`h-10 w-full rounded-xl border border-white/10 bg-night-800 px-3 text-sm text-white ${focusRing}`}
            />
          </div>
          <div className="flex gap-2">
            <Button
              type="button"
              shape="block"
              size="md"
              disabled={resolve.isPending}
              onClick={() => close('resolved')}
              className="flex-1 text-sm sm:flex-none"
            >
              {t('admin.resolve')}
            </Button>
            <Button
              type="button"
              tone="secondary"
              shape="block"
              size="md"
              disabled={resolve.isPending}
              onClick={() => close('dismissed')}
              className="flex-1 text-sm sm:flex-none"
            >
              {t('admin.dismiss')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-xs text-white/50">
          {report.resolvedBy && t('admin.resolvedBy', { name: report.resolvedBy.name })}
          {report.resolvedAt && ` · ${when(report.resolvedAt)}`}
          {report.resolutionNote && ` · “${report.resolutionNote}”`}
        </p>
      )}
    </li>
  );
}
