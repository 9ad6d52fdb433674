// An order's state in a word, coloured by what it means for the buyer.
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@nocturna/shared';

const TONE: Record<OrderStatus, string> = {
  pending: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
  paid: 'border-neon-500/40 bg-neon-500/10 text-neon-200',
  fulfilled: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200',
  expired: 'border-white/20 bg-white/5 text-white/60',
  refunded: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  partially_refunded: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  review: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('payments');
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${TONE[status]}`}>
      {t(`order.status.${status}`)}
    </span>
  );
}
