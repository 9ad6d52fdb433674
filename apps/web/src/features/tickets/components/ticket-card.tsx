// One ticket in the list: the night, the club, the type and its state; opens the full-screen QR.
import { ChevronRight, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatNight } from '../../../lib/catalogue-format.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';

export function TicketCard({ ticket, onOpen }: { ticket: Ticket; onOpen: () => void }) {
  const { t } = useTranslation('tickets');
  const locale = useLocale();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className={`flex w-full items-center gap-4 rounded-2xl border border-night-700/70 bg-night-900 p-4 text-left transition hover:border-neon-500/60 ${focusRing}`}
      >
        <span
          className={`flex size-14 shrink-0 items-center justify-center rounded-xl ${ticket.token ? 'bg-white text-night-950' : 'bg-white/10 text-white/40'}`}
        >
          <QrCode aria-hidden className="size-8" />
        </span>
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className="block text-xs font-semibold tracking-wide text-neon-400 uppercase">
            {formatNight(t, ticket.event.startAt, ticket.event.endAt, locale)}
          </span>
          <span className="block truncate font-semibold text-white">{ticket.event.name}</span>
          <span className="block truncate text-sm text-white/60">
            {ticket.club.name} · {ticket.type}
          </span>
          <TicketStatusBadge ticket={ticket} />
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-white/40" />
      </button>
    </li>
  );
}
