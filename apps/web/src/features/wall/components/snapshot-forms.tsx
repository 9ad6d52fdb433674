// The two requests anyone can make about someone else's snapshot, inline under its header: a report (3 from
// different people hide it) and a takedown request from a person shown in it (hidden at once).
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import { useReport, useTakedown } from '../api/wall-mutations.ts';
import { useErrorCatalogue } from '../../../lib/error-text.ts';
import { wallErrorText } from '../wall-errors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, TextArea } from '../../../components/ui/field.tsx';

const REASONS = ['inappropriate', 'spam', 'violence', 'other'] as const;
const box = 'mx-4 mb-3 space-y-3 rounded-2xl border border-white/10 bg-night-800 p-4 text-sm';

export function ReportForm({ snapshotId, onDone }: { snapshotId: string; onDone: () => void }) {
  const { t } = useTranslation('wall');
  useErrorCatalogue(); // wallErrorText words a refusal from the errors catalogue
  const { t: tc } = useTranslation('common');
  const [reason, setReason] = useState<(typeof REASONS)[number]>('inappropriate');
  const report = useReport();
  return (
    <form
      className={box}
      onSubmit={(e) => {
        e.preventDefault();
        report.mutate(
          { snapshotId, reason },
          {
            onSuccess: () => {
              toast.success(t('report.sent'));
              onDone();
            },
            onError: (error) => toast.error(wallErrorText(t, error, tc('errors.generic'))),
          },
        );
      }}
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold text-white">{t('report.title')}</legend>
        <p className="text-white/60">{t('report.lead')}</p>
        {REASONS.map((r) => (
          <label key={r} className="flex items-center gap-2 text-white/85">
            <input
              type="radio"
              name={`reason-${snapshotId}`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              className={`accent-neon-500 ${focusRing}`}
            />
            {t(`report.reasons.${r}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={report.isPending}>
          {t('report.send')}
        </Button>
        <Button tone="secondary" type="button" onClick={onDone}>
          {t('report.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function TakedownForm({ snapshotId, onDone }: { snapshotId: string; onDone: () => void }) {
  const { t } = useTranslation('wall');
  useErrorCatalogue(); // wallErrorText words a refusal from the errors catalogue
  const { t: tc } = useTranslation('common');
  const [note, setNote] = useState('');
  const takedown = useTakedown();
  return (
    <form
      className={box}
      onSubmit={(e) => {
        e.preventDefault();
        takedown.mutate(
          { snapshotId, note },
          {
            onSuccess: () => {
              toast.success(t('takedown.sent'));
              onDone();
            },
            onError: (error) => toast.error(wallErrorText(t, error, tc('errors.generic'))),
          },
        );
      }}
    >
      <p className="font-semibold text-white">{t('takedown.title')}</p>
      <p className="text-white/60">{t('takedown.lead')}</p>
      <Field label={t('takedown.note')}>
        <TextArea value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} rows={2} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={takedown.isPending}>
          {t('takedown.send')}
        </Button>
        <Button tone="secondary" type="button" onClick={onDone}>
          {t('takedown.cancel')}
        </Button>
      </div>
    </form>
  );
}
