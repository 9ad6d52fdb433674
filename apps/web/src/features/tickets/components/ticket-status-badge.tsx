// The state of a ticket in words: válida, en reventa, usada (and when), cancelada, pasada a alguien.
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatTime } from '../../../lib/catalogue-format.ts';

const TONES: Record<Ticket['status'], string> = {
  valid: 'bg-emerald-500/15 text-emerald-300',
  used: 'bg-white/10 text-white/70',
  cancelled: 'bg-flame-500/15 text-rose-300',
  transferred: 'bg-white/10 text-white/70',
  refused: 'bg-flame-500/15 text-rose-300',
};

export function ticketStatusText(
  t: (key: string, options?: Record<string, unknown>) => string,
  ticket: Ticket,
  locale: ReturnType<typeof useLocale>,
): string {
  if (ticket.status === 'used' && ticket.checkInAt)
    return t('status.usedAt', { time: formatTime(ticket.checkInAt, locale) });
  if (ticket.status === 'transferred' && ticket.transferredTo)
    return t('status.transferredTo', { name: ticket.transferredTo.name });
  if (ticket.status === 'valid' && ticket.forResale) return t('status.forResale');
  if (ticket.status === 'valid' && ticket.paymentStatus === 'due_at_door') return t('status.validPayAtDoor');
  return t(`status.${ticket.status}`);
}

export function TicketStatusBadge({ ticket, light = false }: { ticket: Ticket; light?: boolean }) {
  const { t } = useTranslation('tickets');
  const locale = useLocale();
  const tone = light ? 'bg-night-950/5 text-night-950' : TONES[ticket.status];
  return (
    <span className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {ticketStatusText(t, ticket, locale)}
    </span>
  );
}
