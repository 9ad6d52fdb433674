// /tickets/orders/:orderId — where Checkout sends the buyer back. Shows the order's state and follows it live
// (pending → confirmed, or refunded) through the socket; a reload reads it again. Coming back by the cancel
// link (?checkout=cancelled) gives the held places back at once; a place the waitlist offered stays payable until
// the offer runs out.
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { CheckCircle2, Clock, CreditCard, Download, RotateCcw, ShieldAlert, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PaymentOrder } from '@nocturna/shared';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { formatDay, formatNightName, formatPrice, formatTime } from '../../lib/catalogue-format.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../auth/api/use-session.ts';
import { receiptUrl, useLiveOrder } from './api/get-order.ts';
import { useSocketConnected } from '../../lib/use-socket-connected.ts';
import { useAbandonOrder } from './api/use-abandon-order.ts';
import { OrderStatusBadge } from './components/order-status-badge.tsx';

const primary = `flex w-full items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-neon-600 to-flame-500 py-3 font-semibold text-white hover:brightness-110 ${focusRing}`;
const secondary = `flex w-full items-center justify-center gap-2 rounded-xl border border-white/15 py-3 font-semibold text-white/85 hover:border-neon-500/60 ${focusRing}`;

export default function OrderPage() {
  const { t } = useTranslation('payments');
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const userId = useSession().user?.id ?? '';
  const order = useLiveOrder(userId, orderId);
  const abandon = useAbandonOrder(userId);
  const cancelled = params.get('checkout') === 'cancelled';
  const asked = useRef(false);
  const fromWaitlist = order.data?.fromWaitlist ?? false;
  usePageTitle(`${t('order.title')} | Nocturna`);

  useEffect(() => {
    // A place the waitlist offered stays theirs (and payable) until the offer runs out: nothing to give back.
    if (!cancelled || asked.current || order.data?.status !== 'pending' || fromWaitlist) return;
    asked.current = true;
    abandon.mutate(orderId);
  }, [abandon, cancelled, order.data?.status, fromWaitlist, orderId]);

  return (
    <section className="mx-auto w-full max-w-lg px-5 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-white">{t('order.title')}</h1>
      {order.isPending ? (
        <p role="status" className="mt-6 text-white/60">
          {t('order.loading')}
        </p>
      ) : order.isError ? (
        <ErrorState
          message={t('order.loadFailed')}
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      ) : (
        <OrderCard order={order.data} cameBack={cancelled} />
      )}
    </section>
  );
}

const ICONS = {
  pending: Clock,
  paid: CreditCard,
  fulfilled: CheckCircle2,
  expired: XCircle,
  refunded: RotateCcw,
  partially_refunded: RotateCcw,
  review: ShieldAlert,
} as const;

function OrderCard({ order, cameBack }: { order: PaymentOrder; cameBack: boolean }) {
  const live = useSocketConnected();
  const { t } = useTranslation('payments');
  const locale = useLocale();
  const Icon = ICONS[order.status];
  // Back from Checkout without paying for a place the waitlist offered: it is still theirs to pay.
  const offerKept = order.status === 'pending' && order.fromWaitlist && cameBack;
  const body = offerKept
    ? t('order.offerKept', { time: formatTime(order.holdExpiresAt, locale) })
    : order.status === 'fulfilled'
      ? t('order.body.fulfilled', { count: order.ticketIds.length })
      : order.status === 'expired' && order.fromWaitlist
        ? t('order.body.expiredOffer')
        : order.status === 'expired' && cameBack
          ? t('order.cancelled')
          : t(`order.body.${order.status}`, { amount: formatPrice(order.refunded.cents, locale) });
  return (
    <div
      className="mt-6 space-y-5 rounded-2xl border border-night-700/70 bg-night-900 p-5"
      data-testid="order-card"
    >
      <div aria-live="polite" className="space-y-2 text-center">
        <Icon
          aria-hidden
          className={`mx-auto size-12 ${order.status === 'fulfilled' ? 'text-emerald-400' : order.status === 'pending' ? 'animate-pulse text-amber-300' : 'text-neon-400'}`}
        />
        <h2 className="text-2xl font-bold text-white" data-testid="order-status" data-live={live}>
          {t(`order.status.${order.status}`)}
        </h2>
        <p className="text-white/70">{body}</p>
        {order.refundReason && (
          <p className="text-sm text-white/60">{t(`order.reason.${order.refundReason}`)}</p>
        )}
      </div>
      <div className="rounded-xl border border-night-700/70 bg-night-950/60 p-4 text-sm">
        <p className="font-semibold text-white">{order.eventName}</p>
        <p className="text-white/60">
          {order.clubName} · {formatNightName(t, order.eventStartAt, locale)}
        </p>
        <dl className="mt-3 space-y-1 text-white/75">
          <div className="flex justify-between gap-3">
            <dt>{t('order.lines', { count: order.quantity, type: order.typeName })}</dt>
            <dd className="tabular-nums">{formatPrice(order.unitPrice.cents * order.quantity, locale)}</dd>
          </div>
          {order.feePerTicket.cents > 0 && (
            <div className="flex justify-between gap-3">
              <dt>
                {t('summary.fee', {
                  count: order.quantity,
                  fee: formatPrice(order.feePerTicket.cents, locale),
                })}
              </dt>
              <dd className="tabular-nums">
                {formatPrice(order.feePerTicket.cents * order.quantity, locale)}
              </dd>
            </div>
          )}
          <div className="flex justify-between gap-3 pt-1 font-bold text-white">
            <dt>{t('order.total')}</dt>
            <dd className="tabular-nums">{formatPrice(order.total.cents, locale)}</dd>
          </div>
          {order.refunded.cents > 0 && (
            <div className="flex justify-between gap-3">
              <dt>{t('order.refunded')}</dt>
              <dd className="tabular-nums">−{formatPrice(order.refunded.cents, locale)}</dd>
            </div>
          )}
        </dl>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <OrderStatusBadge status={order.status} />
          {order.status === 'pending' && (
            <span className="text-xs text-white/55">
              {t(order.fromWaitlist ? 'order.offerUntil' : 'order.holdUntil', {
                time: formatTime(order.holdExpiresAt, locale),
              })}
            </span>
          )}
          {order.receiptNumber && (
            <span className="text-xs text-white/55">
              {t('order.receiptNumber', { number: order.receiptNumber })}
            </span>
          )}
        </div>
        {order.history.length > 1 && (
          <ol
            aria-label={t('order.history')}
            className="mt-3 space-y-1 border-t border-night-700/70 pt-3 text-xs text-white/60"
            data-testid="order-history"
          >
            {order.history.map((step, i) => (
              <li key={`${step.status}-${i}`} className="flex justify-between gap-3">
                <span>{t(`order.status.${step.status}`)}</span>
                <time dateTime={step.at} className="tabular-nums">
                  {formatDay(step.at, locale)} · {formatTime(step.at, locale)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="space-y-2">
        {order.status === 'fulfilled' && order.ticketIds[0] && (
          <AppLink
            to={`${paths.tickets}?ticket=${encodeURIComponent(order.ticketIds[0])}`}
            className={primary}
          >
            {t('order.seeTickets', { count: order.ticketIds.length })}
          </AppLink>
        )}
        {order.status === 'pending' && order.checkoutUrl && (!cameBack || offerKept) && (
          <a href={order.checkoutUrl} className={primary}>
            <CreditCard aria-hidden className="size-5" /> {t('order.payNow')}
          </a>
        )}
        {order.receiptNumber && (
          <a href={receiptUrl(order.id)} className={secondary} download>
            <Download aria-hidden className="size-5" /> {t('order.receipt')}
          </a>
        )}
        <AppLink to={paths.event(order.eventSlug)} className={secondary}>
          {t('order.backToEvent')}
        </AppLink>
      </div>
    </div>
  );
}
