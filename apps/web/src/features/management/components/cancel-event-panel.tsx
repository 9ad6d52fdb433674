// The confirmation before cancelling a night: what will happen to whom, said before it happens.
import { useTranslation } from 'react-i18next';
import type { ManagedEvent } from '@nocturna/shared';
import { Button } from '../../../components/ui/button.tsx';

export function CancelEventPanel({
  event,
  pending,
  onConfirm,
  onClose,
}: {
  event: ManagedEvent;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('manage');
  return (
    <div
      role="alertdialog"
      aria-labelledby="cancel-title"
      aria-describedby="cancel-body"
      className="mt-4 rounded-2xl border border-flame-500/50 bg-flame-500/10 p-4"
    >
      <h2 id="cancel-title" className="font-bold text-white">
        {t('event.cancelTitle', { name: event.name })}
      </h2>
      <p id="cancel-body" className="mt-1 text-sm text-white/80">
        {t('event.cancelBody', { count: event.sold })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button tone="danger" type="button" disabled={pending} onClick={onConfirm}>
          {t('event.cancelConfirm')}
        </Button>
        <Button tone="secondary" type="button" onClick={onClose}>
          {t('event.cancelKeep')}
        </Button>
      </div>
    </div>
  );
}
