// What offline doors did that does not add up (two entries of one ticket, an entry no longer valid, a banned
// person let in, an exit or re-entry that does not fit, a refusal of a ticket already in): what the door did,
// and each entry of the ticket with its door and time, for the staff to sort out, then mark reviewed.
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CheckInConflict } from '@nocturna/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatTime } from '../door-format.ts';

export function ConflictList({
  conflicts,
  onReview,
  reviewing,
}: {
  conflicts: CheckInConflict[];
  onReview: (id: string) => void;
  reviewing: boolean;
}) {
  const { t } = useTranslation('door');
  const locale = useLocale();
  if (conflicts.length === 0) return null;
  return (
    <section
      aria-labelledby="conflicts-title"
      data-testid="conflicts"
      className="rounded-2xl border border-amber-400/40 bg-amber-500/10 p-5"
    >
      <h2 id="conflicts-title" className="flex items-center gap-2 text-lg font-bold text-amber-200">
        <AlertTriangle aria-hidden="true" className="size-5" />
        {t('conflicts.title')} ({conflicts.filter((c) => !c.reviewedAt).length})
      </h2>
      <p className="mt-1 text-sm text-amber-100/80">{t('conflicts.lead')}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {conflicts.map((conflict) => (
          <li
            key={conflict.id}
            className={`rounded-xl bg-night-900/80 p-4 ${conflict.reviewedAt ? 'opacity-60' : ''}`}
          >
            <p className="font-semibold text-white">
              {conflict.holderName} · {conflict.type}
            </p>
            <p className="text-sm text-amber-200" data-kind={conflict.kind}>
              {conflict.kind === 'invalid_ticket'
                ? t('conflicts.invalid_ticket', {
                    reason: t(`result.outcome.${conflict.reason ?? 'unknown'}`),
                  })
                : t(`conflicts.${conflict.kind}`)}
            </p>
            {conflict.movement && (
              <p className="mt-2 text-sm font-semibold text-white/90">
                {t(`conflicts.movement.${conflict.movement.action}`, {
                  door: conflict.movement.door,
                  time: formatTime(conflict.movement.at, locale),
                })}
                {conflict.movement.staffName ? ` · ${conflict.movement.staffName}` : ''}
              </p>
            )}
            <ul className="mt-2 space-y-0.5 text-sm text-white/70">
              {conflict.entries.map((entry) => (
                <li key={entry.checkInId}>
                  {t('conflicts.entry', { door: entry.door, time: formatTime(entry.scannedAt, locale) })}
                  {entry.staffName ? ` · ${entry.staffName}` : ''}
                  {entry.offline ? ` · ${t('conflicts.offline')}` : ''}
                </li>
              ))}
            </ul>
            {conflict.reviewedAt ? (
              <p className="mt-2 text-xs font-semibold text-white/50">{t('conflicts.reviewed')}</p>
            ) : (
              <Button
                type="button"
                tone="secondary"
                size="sm"
                disabled={reviewing}
                onClick={() => onReview(conflict.id)}
                aria-label={t('conflicts.reviewLabel', { name: conflict.holderName })}
                className="mt-3"
              >
                {t('conflicts.review')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
