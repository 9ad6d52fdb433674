// The kinds of ticket an event sells and what each costs; buying them is a later feature.
import type { TicketType } from '@nocturna/shared';
import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatPrice } from '../../../lib/catalogue-format.ts';

export function TicketTypeList({ ticketTypes }: { ticketTypes: TicketType[] }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  if (ticketTypes.length === 0) return <p className="text-white/60">{t('events.ticketsEmpty')}</p>;
  return (
    <ul className="space-y-2">
      {ticketTypes.map((type) => (
        <li key={type.id} className="flex items-center gap-3 rounded-2xl border border-night-700/70 bg-night-900 px-4 py-3">
          <Ticket aria-hidden className="size-5 shrink-0 text-neon-400" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-white">{type.name}</p>
            <p className="text-xs text-white/50">{t('events.ticketCapacity', { count: type.capacity })}</p>
          </div>
          <span className="text-lg font-bold tabular-nums text-white">
            {type.price.cents === 0 ? t('events.free') : formatPrice(type.price.cents, locale)}
          </span>
        </li>
      ))}
    </ul>
  );
}
