// Cancelling a ticket, after saying what it means: the place goes back on sale and it cannot be undone.
import { useId } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { useCancelTicket } from '../api/use-cancel-ticket.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

export function CancelTicketDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const errorText = useErrorText();
  const titleId = useId();
  const userId = useSession().user?.id ?? '';
  const cancel = useCancelTicket(userId);
  const error = !cancel.error
    ? null
    : cancel.error instanceof ApiRequestError
      ? errorText(cancel.error)
      : t('get.network');
  const confirm = () =>
    cancel.mutate(ticket.id, {
      onSuccess: () => {
        toast.success(t('cancel.done'));
        onClose();
      },
    });
  return (
    <Dialog open onClose={onClose} titleId={titleId} closeLabel={t('close')}>
      <h2 id={titleId} className="pr-8 text-xl font-bold">
        {t('cancel.title')}
      </h2>
      <p className="mt-3 text-white/75">{t('cancel.body', { event: ticket.event.name })}</p>
      {error && (
        <p
          role="alert"
          className="mt-3 rounded-xl border border-flame-500/40 bg-flame-500/10 px-4 py-3 text-sm"
        >
          {error}
        </p>
      )}
      <div className="mt-5 flex gap-2">
        <Button type="button" tone="secondary" shape="block" onClick={onClose} className="flex-1">
          {t('cancel.keep')}
        </Button>
        <Button
          type="button"
          tone="danger"
          shape="block"
          onClick={confirm}
          disabled={cancel.isPending}
          className="flex-1"
        >
          {cancel.isPending ? t('get.pending') : t('cancel.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
