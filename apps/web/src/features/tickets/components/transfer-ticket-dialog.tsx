// Passing a ticket to one of my connections, with a confirmation: my QR stops working, theirs is new.
import { useId, useState } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { formatTicketCode } from '@nocturna/shared/ticket-code';
import { focusRing } from '../../../components/focus-ring.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { useTransferCandidates } from '../api/get-transfer-candidates.ts';
import { useTransferTicket } from '../api/use-transfer-ticket.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

export function TransferTicketDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const errorText = useErrorText();
  const titleId = useId();
  const userId = useSession().user?.id ?? '';
  const candidates = useTransferCandidates(userId, true);
  const transfer = useTransferTicket(userId);
  const [to, setTo] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const person = candidates.data?.items.find((p) => p.id === to) ?? null;

  const send = () =>
    transfer.mutate(
      { ticketId: ticket.id, toUserId: to! },
      {
        onSuccess: () => {
          toast.success(t('transfer.done', { name: person?.name ?? '' }));
          onClose();
        },
      },
    );

  const error = !transfer.error
    ? null
    : transfer.error instanceof ApiRequestError
      ? errorText(transfer.error)
      : t('get.network');

  return (
    <Dialog open onClose={onClose} titleId={titleId} closeLabel={t('close')}>
      <h2 id={titleId} className="pr-8 text-xl font-bold">
        {confirming && person ? t('transfer.confirmTitle', { name: person.name }) : t('transfer.title')}
      </h2>
      <p className="mt-1 text-sm text-white/60" data-testid="transfer-ticket">
        {ticket.event.name} · {ticket.type}
        {ticket.code && (
          <>
            {' · '}
            <span className="font-mono font-semibold text-white/80">
              {t('transfer.code', { code: formatTicketCode(ticket.code) })}
            </span>
          </>
        )}
      </p>
      {confirming && person ? (
        <div className="mt-4 space-y-4">
          <p className="text-white/75">
            {t('transfer.confirmBody', { name: person.name, event: ticket.event.name })}
          </p>
          {error && (
            <p
              role="alert"
              className="rounded-xl border border-flame-500/40 bg-flame-500/10 px-4 py-3 text-sm"
            >
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button
              type="button"
              tone="secondary"
              shape="block"
              onClick={() => setConfirming(false)}
              className="flex-1"
            >
              {t('back')}
            </Button>
            <Button
              type="button"
              shape="block"
              onClick={send}
              disabled={transfer.isPending}
              tone="brand"
              className="flex-1"
            >
              {transfer.isPending ? t('get.pending') : t('transfer.confirm')}
            </Button>
          </div>
        </div>
      ) : candidates.isPending ? (
        <p className="mt-4 text-white/60">{t('transfer.loading')}</p>
      ) : candidates.isError ? (
        <p role="alert" className="mt-4 text-white/70">
          {t('transfer.loadFailed')}
        </p>
      ) : candidates.data.items.length === 0 ? (
        <div className="mt-4 space-y-3">
          <p className="text-white/70">{t('transfer.noConnections')}</p>
          <AppLink
            to={paths.connections}
            className={`inline-block rounded-lg font-semibold text-neon-400 ${focusRing}`}
          >
            {t('transfer.findPeople')}
          </AppLink>
        </div>
      ) : (
        <fieldset className="mt-4 space-y-3">
          <legend className="text-sm text-white/60">{t('transfer.lead')}</legend>
          <ul className="max-h-72 space-y-1 overflow-y-auto">
            {candidates.data.items.map((p) => (
              <li key={p.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 hover:bg-white/5 has-[:checked]:bg-neon-500/15">
                  <input
                    type="radio"
                    name="transfer-to"
                    value={p.id}
                    checked={to === p.id}
                    onChange={() => setTo(p.id)}
                    className="accent-neon-500"
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{p.name}</span>
                    {p.username && (
                      <span className="block truncate text-sm text-white/50">@{p.username}</span>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <Button
            type="button"
            shape="block"
            disabled={!to}
            onClick={() => setConfirming(true)}
            tone="brand"
            className="w-full"
          >
            {t('transfer.next')}
          </Button>
        </fieldset>
      )}
    </Dialog>
  );
}
