// The club's active bans: who, why, until when; lifting one asks first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { Ban } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useLiftBan } from '../api/incidents.ts';
import { formatMadridDay } from '../format.ts';
import { Button } from '../../../components/ui/button.tsx';

export function BanList({ clubId, items }: { clubId: string; items: Ban[] }) {
  const { t } = useTranslation('incidents');
  const errorText = useErrorText();
  const locale = useLocale();
  const lift = useLiftBan(clubId);
  const [asking, setAsking] = useState<Ban | null>(null);
  if (items.length === 0) return <p className="text-sm text-white/60">{t('bans.empty')}</p>;
  return (
    <>
      <ul className="grid gap-3" data-testid="ban-list">
        {items.map((b) => (
          <li
            key={b.id}
            className="flex flex-col gap-3 rounded-xl border border-red-400/20 bg-night-800 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-bold break-words text-white">
                {b.personName}
                {b.username ? <span className="font-normal text-white/60"> · @{b.username}</span> : null}
              </p>
              <p className="text-sm break-words text-white/80">{b.reason}</p>
              <p className="text-xs text-white/50">
                {b.until ? t('bans.until', { date: formatMadridDay(b.until, locale) }) : t('bans.forever')}
              </p>
            </div>
            <Button tone="secondary" type="button" disabled={lift.isPending} onClick={() => setAsking(b)}>
              {t('bans.lift', { name: b.personName })}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={t('bans.confirmTitle')}
        message={t('bans.confirm', { name: asking?.personName })}
        confirmLabel={t('bans.lift')}
        cancelLabel={t('common:cancel')}
        onConfirm={() =>
          asking &&
          lift.mutateAsync(asking.id).then(
            () => toast.success(t('bans.lifted')),
            (err: unknown) => toast.error(errorText(err, t('bans.liftFailed'))),
          )
        }
        onClose={() => setAsking(null)}
      />
    </>
  );
}
