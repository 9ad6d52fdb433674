// The event analytics' card of card orders: how many and how much, by state, as the server sums them.
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatPrice } from '../../../lib/catalogue-format.ts';
import { useEventOrders } from '../api/get-event-orders.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

export function EventOrdersCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('payments');
  const locale = useLocale();
  const orders = useEventOrders(eventId);
  return (
    <section
      aria-labelledby="event-card-orders"
      className="rounded-2xl border border-white/10 bg-night-900 p-4 sm:p-5"
    >
      <h2 id="event-card-orders" className="text-lg font-bold text-white">
        {t('clubOrders.title')}
      </h2>
      {orders.isError ? (
        <p className="mt-2 text-sm text-flame-200">{t('clubOrders.loadFailed')}</p>
      ) : !orders.data ? null : orders.data.byStatus.length === 0 ? (
        <p className="mt-2 text-sm text-white/60">{t('clubOrders.empty')}</p>
      ) : (
        <>
          <div className="mt-3 grid grid-cols-2 gap-3">
            <p className="rounded-xl bg-night-950/60 p-3">
              <span className="block text-xs text-white/55">{t('clubOrders.charged')}</span>
              <span className="text-xl font-bold tabular-nums text-white">
                {formatPrice(orders.data.charged.cents, locale)}
              </span>
            </p>
            <p className="rounded-xl bg-night-950/60 p-3">
              <span className="block text-xs text-white/55">{t('clubOrders.refunded')}</span>
              <span className="text-xl font-bold tabular-nums text-white">
                {formatPrice(orders.data.refunded.cents, locale)}
              </span>
            </p>
          </div>
          <ul className="mt-3 divide-y divide-white/5 text-sm">
            {orders.data.byStatus.map((row) => (
              <li key={row.status} className="flex items-center justify-between gap-3 py-2">
                <OrderStatusBadge status={row.status} />
                <span className="text-white/70">
                  {t('clubOrders.orders', { count: row.orders })} ·{' '}
                  {t('clubOrders.tickets', { count: row.tickets })}
                </span>
                <span className="tabular-nums text-white">{formatPrice(row.total.cents, locale)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
