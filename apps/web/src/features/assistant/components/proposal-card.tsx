// A reservation the assistant proposes: nothing happens until the person confirms here; then the ticket is got
// through the normal ticket path (POST /api/tickets, with an idempotency key tied to this proposal so a double
// tap or a retry never makes a second one) and the assistant is told how it ended.
import { useState } from 'react';
import { CheckCircle2, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link.tsx';
import type { AssistantProposal } from '@nocturna/shared/assistant';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatNight, formatPrice } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';
import { useGetTickets } from '../../tickets/api/use-get-tickets.ts';
import { useSettleProposal } from '../api/use-settle-proposal.ts';
import { assistantErrorText, toAssistantError } from '../error-message.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';

type Props = { proposal: AssistantProposal; conversationId: string | null; messageId: string | null };

export function ProposalCard({ proposal, conversationId, messageId }: Props) {
  const { t } = useTranslation(['assistant', 'errors']);
  const locale = useLocale();
  const getTickets = useGetTickets();
  const settle = useSettleProposal();
  const [status, setStatus] = useState(proposal.status);
  const [error, setError] = useState<string | null>(null);
  const canSettle = Boolean(conversationId && messageId);
  const busy = getTickets.isPending || settle.isPending;

  const confirm = async () => {
    setError(null);
    try {
      const result = await getTickets.mutateAsync({
        body: { ticketTypeId: proposal.ticketTypeId, quantity: proposal.quantity },
        idempotencyKey: `assistant-${proposal.id}`,
      });
      setStatus('confirmed');
      if (canSettle)
        await settle
          .mutateAsync({
            conversationId: conversationId!,
            messageId: messageId!,
            status: 'confirmed',
            ticketId: result.tickets[0]?.id,
          })
          .catch(() => undefined);
    } catch (e) {
      setError(t('proposal.error', { message: assistantErrorText(t, toAssistantError(e)) }));
    }
  };

  const dismiss = () => {
    setStatus('dismissed');
    if (canSettle)
      settle.mutate({ conversationId: conversationId!, messageId: messageId!, status: 'dismissed' });
  };

  return (
    <div
      data-testid="assistant-proposal"
      className="mt-3 rounded-2xl border border-neon-500/40 bg-night-800/80 p-4 shadow-[0_0_24px_-12px] shadow-neon-500"
    >
      {status === 'proposed' && (
        <p className="mb-1 flex items-center gap-2 text-sm font-semibold text-white">
          <Ticket aria-hidden className="size-4 text-neon-400" />
          {t('proposal.title')}
        </p>
      )}
      <p className="text-sm text-white/80">
        <AppLink
          to={paths.event(proposal.eventSlug)}
          className="font-semibold text-white underline-offset-2 hover:underline"
        >
          {proposal.eventName}
        </AppLink>
        {' · '}
        {formatNight(t, proposal.startAt, null, locale)}
      </p>
      <p className="mt-1 text-sm text-white/70">
        {t('proposal.summary', { count: proposal.quantity, type: proposal.ticketTypeName })} ·{' '}
        {t('proposal.total', {
          price:
            proposal.price.cents === 0
              ? t('card.free')
              : formatPrice(proposal.price.cents * proposal.quantity, locale),
        })}
      </p>
      {status === 'proposed' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button type="button" disabled={busy} onClick={() => void confirm()}>
            {getTickets.isPending ? t('proposal.working') : t('proposal.confirm')}
          </Button>
          <Button tone="secondary" type="button" disabled={busy} onClick={dismiss}>
            {t('proposal.dismiss')}
          </Button>
        </div>
      )}
      {status === 'confirmed' && (
        <div role="status" className="mt-3 text-sm font-semibold">
          <p className="flex items-start gap-2 text-emerald-300">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('proposal.confirmed')}
          </p>
          <AppLink to={paths.tickets} className={`${buttonClass({ tone: 'secondary' })} mt-3`}>
            {t('proposal.seeTickets')}
          </AppLink>
        </div>
      )}
      {status === 'dismissed' && <p className="mt-3 text-sm text-white/60">{t('proposal.dismissed')}</p>}
      {error && (
        <p role="alert" className="mt-2 text-sm text-flame-500">
          {error}
        </p>
      )}
    </div>
  );
}
