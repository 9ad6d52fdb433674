// /tickets: my card orders, newest first, each opening its order page (status, tickets, receipt).
import { AppLink } from '../../../components/app-link.tsx';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { focusRing } from '../../../components/focus-ring.ts';
import { formatDay, formatPrice } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

export function OrdersHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('payments');
  const locale = useLocale();
  const orders = useMyOrders(userId);
  const items = orders.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="orders-history" className="mt-10">
      <h2 id="orders-history" className="flex items-center gap-2 text-lg font-bold text-white">
        <CreditCard aria-hidden className="size-5 text-neon-400" /> {t('history.title')}
      </h2>
      <ul className="mt-3 space-y-2">
        {items.map((order) => (
          <li key={order.id}>
            <AppLink
              to={paths.order(order.id)}
              aria-label={t('history.open', { event: order.eventName })}
              className={`flex items-center justify-between gap-3 rounded-2xl border border-night-700/70 bg-night-900 px-4 py-3 hover:border-neon-500/50 ${focusRing}`}
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold text-white">{order.eventName}</span>
                <span className="block text-xs text-white/55">
                  {formatDay(order.createdAt, locale)} ·{' '}
                  {t('order.lines', { count: order.quantity, type: order.typeName })}
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold tabular-nums text-white">
                  {formatPrice(order.total.cents, locale)}
                </span>
                <OrderStatusBadge status={order.status} />
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
