// "Rechazar": why this person is not coming in, as six big buttons a thumb finds in the dark; "Otro" asks for
// the reason in words. The server decides the refund (the club's policy) and says so.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefusalReason } from '@nocturna/shared';
import { REFUSAL_NOTE_MAX_LENGTH, REFUSAL_REASONS } from '@nocturna/shared/checkin';

export function RefuseSheet({
  busy,
  onRefuse,
  onCancel,
}: {
  busy: boolean;
  onRefuse: (reason: RefusalReason, note?: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('door');
  const [other, setOther] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (other) noteRef.current?.focus();
  }, [other]);

  const big =
    'h-16 rounded-2xl bg-white text-lg font-bold text-night-950 outline-none focus-visible:ring-4 focus-visible:ring-white/60 disabled:opacity-60';
  return (
    <div
      role="group"
      aria-labelledby="refuse-title"
      data-testid="refuse-sheet"
      className="w-full max-w-md space-y-3"
    >
      <p id="refuse-title" className="text-2xl font-black">
        {t('refuse.title')}
      </p>
      {!other ? (
        <div className="grid grid-cols-2 gap-3">
          {REFUSAL_REASONS.map((reason) => (
            <button
              key={reason}
              type="button"
              disabled={busy}
              data-reason={reason}
              onClick={() => (reason === 'other' ? setOther(true) : onRefuse(reason))}
              className={big}
            >
              {t(`refuse.reasons.${reason}`)}
            </button>
          ))}
        </div>
      ) : (
        <form
          className="space-y-3 text-left"
          onSubmit={(e) => {
            e.preventDefault();
            if (!note.trim()) return setError(true);
            onRefuse('other', note.trim());
          }}
        >
          <label htmlFor="refuse-note" className="block text-lg font-bold">
            {t('refuse.note')}
          </label>
          <textarea
            id="refuse-note"
            ref={noteRef}
            value={note}
            maxLength={REFUSAL_NOTE_MAX_LENGTH}
            rows={2}
            placeholder={t('refuse.notePlaceholder')}
            aria-invalid={error}
            aria-describedby={error ? 'refuse-note-error' : undefined}
            onChange={(e) => {
              setNote(e.target.value);
              setError(false);
            }}
            className="w-full rounded-2xl bg-white p-3 text-lg text-night-950 outline-none focus-visible:ring-4 focus-visible:ring-white/60"
          />
          {error && (
            <p id="refuse-note-error" role="alert" className="rounded-xl bg-black/30 px-3 py-2 font-semibold">
              {t('refuse.noteRequired')}
            </p>
          )}
          <button type="submit" disabled={busy} className={`${big} w-full`}>
            {t('refuse.confirm')}
          </button>
        </form>
      )}
      <button
        type="button"
        onClick={onCancel}
        className="h-14 w-full rounded-2xl border-2 border-white/70 text-lg font-bold outline-none focus-visible:ring-4 focus-visible:ring-white/60"
      >
        {t('refuse.cancel')}
      </button>
    </div>
  );
}
