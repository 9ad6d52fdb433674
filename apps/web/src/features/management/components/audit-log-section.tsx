// Who changed what in the catalogue: filtered by club and by kind, newest first, with the fields before and after.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatDay, formatTime } from '../../../lib/catalogue-format.ts';
import { useManagedClubs } from '../api/clubs.ts';
import { useAuditLog, type AuditFilters } from '../api/dashboards.ts';
import { inputClass } from '../../../components/ui/field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function Change({ entry }: { entry: AuditEntry }) {
  const keys = Object.keys(entry.after ?? entry.before ?? {});
  if (keys.length === 0) return null;
  return (
    <ul className="mt-1 grid grid-cols-1 gap-0.5 text-xs text-white/60">
      {keys.slice(0, 6).map((key) => (
        <li key={key} className="break-words">
          <span className="font-mono text-white/80">{key}</span>:{' '}
          {entry.before && key in entry.before ? (
            <span className="line-through">{show(entry.before[key])}</span>
          ) : null}
          {entry.before && entry.after && key in entry.before ? ' → ' : ''}
          {entry.after && key in entry.after ? (
            <span className="text-white/90">{show(entry.after[key])}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function AuditLogSection() {
  const { t } = useTranslation('manage');
  const locale = useLocale();
  const [filters, setFilters] = useState<AuditFilters>({});
  const clubs = useManagedClubs();
  const log = useAuditLog(filters);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  const clubName = (id: string | null) => clubs.data?.find((c) => c.id === id)?.name ?? '';
  return (
    <Card as="section" padding="md" className="grid grid-cols-1 gap-3" aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-lg font-bold text-white">
        {t('audit.title')}
      </h2>
      <div className="grid grid-cols-2 gap-2">
        <label className="text-sm text-white/70">
          {t('audit.club')}
          <select
            className={`${inputClass} mt-1`}
            value={filters.clubId ?? ''}
            onChange={(e) => setFilters({ ...filters, clubId: e.target.value || undefined })}
          >
            <option value="">{t('audit.allClubs')}</option>
            {clubs.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-white/70">
          {t('audit.kind')}
          <select
            className={`${inputClass} mt-1`}
            value={filters.entity ?? ''}
            onChange={(e) =>
              setFilters({ ...filters, entity: (e.target.value || undefined) as AuditFilters['entity'] })
            }
          >
            <option value="">{t('audit.allKinds')}</option>
            <option value="club">{t('audit.entity.club')}</option>
            <option value="event">{t('audit.entity.event')}</option>
            <option value="ticket_type">{t('audit.entity.ticket_type')}</option>
          </select>
        </label>
      </div>
      {log.isError && <p className="text-sm text-flame-500">{t('loadFailed')}</p>}
      {log.isSuccess && items.length === 0 && <p className="text-sm text-white/60">{t('audit.empty')}</p>}
      <ol className="grid grid-cols-1 gap-2" data-testid="audit-log">
        {items.map((entry) => (
          <li key={entry.id} className="rounded-xl bg-white/5 p-3 text-sm">
            <p className="text-white">
              <strong>{entry.actorName ?? t('audit.someone')}</strong>{' '}
              {t(`audit.action.${entry.action}`, { defaultValue: entry.action })}{' '}
              <span className="text-white/70">{t(`audit.entity.${entry.entity}`)}</span>
              {entry.clubId && clubName(entry.clubId) ? (
                <span className="text-white/60"> · {clubName(entry.clubId)}</span>
              ) : null}
            </p>
            <p className="text-xs text-white/50">
              {formatDay(entry.createdAt, locale)} {formatTime(entry.createdAt, locale)}
            </p>
            <Change entry={entry} />
          </li>
        ))}
      </ol>
      {log.hasNextPage && (
        <Button
          tone="secondary"
          type="button"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('audit.more')}
        </Button>
      )}
    </Card>
  );
}
