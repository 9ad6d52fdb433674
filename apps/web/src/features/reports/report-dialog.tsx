// <ReportDialog target={{ kind: 'user', userId } | { kind: 'message', messageId }} open onClose />: report a
// person or a message with a reason from the fixed list and an optional note, in the app's modal Dialog. Used from
// messages and from profiles.
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ReportReason, ReportTarget } from '@nocturna/shared';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from '@nocturna/shared/report-constants';
import { focusRing } from '../../components/focus-ring.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useCreateReport } from './api/create-report.ts';
import { Button } from '../../components/ui/button.tsx';

export type ReportDialogTarget = ReportTarget & { name?: string; body?: string };
type Props = { target: ReportDialogTarget; open: boolean; onClose: () => void };

export function ReportDialog({ target, open, onClose }: Props) {
  const { t } = useTranslation('reports');
  const titleId = useId();
  const title =
    target.kind === 'message'
      ? t('title.message')
      : target.name
        ? t('title.user', { name: target.name })
        : t('title.userNoName');
  // The form is drawn only while the dialog is open, so each opening starts it afresh.
  return (
    <Dialog open={open} onClose={onClose} titleId={titleId} closeLabel={t('close')}>
      <ReportForm target={target} title={title} titleId={titleId} onClose={onClose} />
    </Dialog>
  );
}

function ReportForm({
  target,
  title,
  titleId,
  onClose,
}: {
  target: ReportDialogTarget;
  title: string;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const create = useCreateReport();
  const noteId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    const payload = {
      target:
        target.kind === 'user'
          ? { kind: 'user' as const, userId: target.userId }
          : { kind: 'message' as const, messageId: target.messageId },
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    create.mutate(payload, {
      onSuccess: () => {
        toast.success(t('sent'));
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'REPORT_ALREADY_OPEN') {
          toast(t('already'));
          onClose();
        }
      },
    });
  };

  const failed =
    create.isError &&
    !(create.error instanceof ApiRequestError && create.error.code === 'REPORT_ALREADY_OPEN');

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <h2 id={titleId} className="pr-8 text-xl font-black tracking-tight">
        {title}
      </h2>
      <p className="text-sm text-white/60">{t('intro')}</p>
      {target.kind === 'message' && target.body && (
        <figure className="rounded-2xl border border-white/5 bg-night-800 px-4 py-3">
          <figcaption className="text-[11px] font-bold tracking-widest text-white/55 uppercase">
            {t('quoted')}
          </figcaption>
          <blockquote className="mt-1 line-clamp-4 text-sm break-words whitespace-pre-wrap text-white/80">
            {target.body}
          </blockquote>
        </figure>
      )}
      <fieldset aria-describedby={missingReason ? errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold">{t('reasonLegend')}</legend>
        <div className="flex flex-col gap-1.5">
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neon-400 ${
                reason === value
                  ? 'border-neon-500/60 bg-neon-500/10 text-white'
                  : 'border-white/10 text-white/80 hover:bg-white/5'
              }`}
            >
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissingReason(false);
                }}
                className="size-4 accent-neon-500"
              />
              {t(`reasons.${value}`)}
            </label>
          ))}
        </div>
        {missingReason && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-flame-500">
            {t('pickReason')}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={noteId} className="mb-1.5 block text-sm font-semibold">
          {t('note')}
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
          placeholder={t('notePlaceholder')}
          className={`block w-full resize-y rounded-xl border border-white/10 bg-night-800 px-3 py-2 text-sm text-white placeholder:text-white/30 ${focusRing}`}
        />
        <p className="mt-1 text-right text-xs text-white/55">
          {t('noteCount', { count: note.length, max: REPORT_NOTE_MAX_LENGTH })}
        </p>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-flame-500">
          {t('failed')}: {errorText(create.error)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" tone="ghost" size="lg" onClick={onClose}>
          {t('cancel')}
        </Button>
        <button
          type="submit"
          disabled={create.isPending}
          className={`h-11 rounded-full bg-flame-500 px-5 text-sm font-bold text-white shadow-[0_0_18px] shadow-flame-500/40 hover:bg-flame-500/90 disabled:opacity-60 ${focusRing}`}
        >
          {create.isPending ? t('sending') : t('submit')}
        </button>
      </div>
    </form>
  );
}
