// What a card order will cost, before paying: price × quantity, the club's booking fee, and the total — the
// server's own quote, so the total on this screen is exactly what Checkout charges. The same for a place the
// waitlist offers (its price may be a resale's, below today's).
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentQuote } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatPrice } from '../../../lib/catalogue-format.ts';
import { usePaymentsConfig } from '../api/get-payments-config.ts';
import { useOfferQuote } from '../api/get-offer-quote.ts';
import { useQuote } from '../api/get-quote.ts';

export function CheckoutSummary({ ticketTypeId, quantity }: { ticketTypeId: string; quantity: number }) {
  const { t } = useTranslation('payments');
  const quote = useQuote(ticketTypeId, quantity, true);
  const config = usePaymentsConfig();
  return <QuoteSummary quote={quote} note={t('summary.note', { minutes: config.data?.holdMinutes ?? 10 })} />;
}

// A place the waitlist offers, paid by card: its one place, the fee and the total.
export function OfferCheckoutSummary({ entryId }: { entryId: string }) {
  const { t } = useTranslation('payments');
  const quote = useOfferQuote(entryId, true);
  return <QuoteSummary quote={quote} note={t('summary.offerNote')} />;
}

function QuoteSummary({ quote, note }: { quote: UseQueryResult<PaymentQuote>; note: string }) {
  const { t } = useTranslation('payments');
  const locale = useLocale();
  // Without a quote there is no total to show, and paying stays disabled (the dialog asks the same query).
  if (quote.isError && !quote.isFetching)
    return (
      <div
        role="alert"
        className="rounded-2xl border border-flame-500/40 bg-flame-500/10 p-4 text-sm text-white"
      >
        <p>{t('summary.quoteFailed')}</p>
        <Button
          type="button"
          tone="secondary"
          size="sm"
          onClick={() => void quote.refetch()}
          className="mt-2"
        >
          {t('summary.quoteRetry')}
        </Button>
      </div>
    );
  if (!quote.data)
    return (
      <p role="status" className="text-sm text-white/60">
        {t('summary.loading')}
      </p>
    );
  const q = quote.data;
  return (
    <div
      className="rounded-2xl border border-night-700/70 bg-night-950/60 p-4"
      data-testid="checkout-summary"
    >
      <dl className="space-y-1 text-sm text-white/75">
        <div className="flex justify-between gap-3">
          <dt>
            {t('summary.tickets', { count: q.quantity, price: formatPrice(q.unitPrice.cents, locale) })}
          </dt>
          <dd className="tabular-nums">{formatPrice(q.unitPrice.cents * q.quantity, locale)}</dd>
        </div>
        {q.feePerTicket.cents > 0 && (
          <div className="flex justify-between gap-3">
            <dt>{t('summary.fee', { count: q.quantity, fee: formatPrice(q.feePerTicket.cents, locale) })}</dt>
            <dd className="tabular-nums">{formatPrice(q.feePerTicket.cents * q.quantity, locale)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-3 pt-2 text-lg font-bold text-white">
          <dt>{t('summary.total')}</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            {formatPrice(q.total.cents, locale)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-white/55">{note}</p>
    </div>
  );
}
