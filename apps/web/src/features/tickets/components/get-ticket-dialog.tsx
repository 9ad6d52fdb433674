// Confirming tickets of one type: quantity, what it costs and how it is paid, then one request with an
// Idempotency-Key that stays the same for retries of the same choice. A visitor sees the same sheet; its button
// takes them to sign in (or up) with their choice, and they come back to it (`onSignIn`).
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/app-link.tsx';
import { Minus, Plus, TicketCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CancelRule, Ticket, TicketTypeOffer } from '@nocturna/shared';
import { focusRing } from '../../../components/focus-ring.ts';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { formatPrice } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';
import { useGetTickets } from '../api/use-get-tickets.ts';
import { maxQuantity, newIdempotencyKey } from '../ticket-format.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { forgetChoice } from '../pending-choice.ts';
import { CancelRuleLine } from './cancel-rule-line.tsx';
import { currentPromoter } from '../../promoters/index.ts';
import { CheckoutSummary, useQuote } from '../../payments/index.ts';

type Props = {
  offer: TicketTypeOffer;
  initialQuantity?: number;
  // Signed out: what the confirm button does instead of getting the tickets.
  onSignIn?: ((quantity: number) => void) | null;
  eventName: string;
  code: string;
  cancelRule: CancelRule;
  onClose: () => void;
};

export function GetTicketDialog({
  offer,
  initialQuantity = 1,
  onSignIn = null,
  eventName,
  code,
  cancelRule,
  onClose,
}: Props) {
  const { t } = useTranslation('tickets');
  const errorText = useErrorText();
  const locale = useLocale();
  const titleId = useId();
  const max = Math.max(1, maxQuantity(offer));
  const [quantity, setQuantity] = useState(() => Math.min(max, Math.max(1, initialQuantity)));
  // One key per choice: changing the quantity is another request; retrying the same one reuses the key.
  const [key, setKey] = useState(newIdempotencyKey);
  const [issued, setIssued] = useState<Ticket[] | null>(null);
  const mutation = useGetTickets();
  const navigate = useNavigate();
  const online = offer.kind === 'online';
  // A card order leaves for the secure payment page (Stripe Checkout) and comes back to its order page.
  const [redirecting, setRedirecting] = useState(false);
  // The total a card order is charged is the one on screen: sent with the order, and paying waits for it.
  const quote = useQuote(offer.id, quantity, online);
  const quoted =
    online &&
    quote.data?.quantity === quantity &&
    !quote.isPlaceholderData &&
    !quote.isFetching &&
    !quote.isError
      ? quote.data.total.cents
      : null;

  const change = (next: number) => {
    setQuantity(Math.min(max, Math.max(1, next)));
    setKey(newIdempotencyKey());
    mutation.reset();
  };
  const confirm = () =>
    mutation.mutate(
      {
        body: {
          ticketTypeId: offer.id,
          quantity,
          ...(offer.unlocked ? { code } : {}),
          // The last promoter link or code of this browser (7 days): the sale is theirs.
          ...(currentPromoter() ? { rpp: currentPromoter() } : {}),
          ...(quoted !== null ? { expectedTotalCents: quoted } : {}),
        },
        idempotencyKey: key,
      },
      {
        // The price or fee changed since the quote: show the new total (the message says it too).
        onError: (err) => {
          if (err instanceof ApiRequestError && err.code === 'PRICE_CHANGED') void quote.refetch();
        },
        onSuccess: (result) => {
          // A choice kept in the address while signing in is done with.
          forgetChoice();
          if (!result.checkout) return setIssued(result.tickets);
          if (result.checkout.url && result.checkout.status === 'pending') {
            setRedirecting(true);
            window.location.assign(result.checkout.url);
          } else void navigate(paths.order(result.checkout.orderId));
        },
      },
    );

  const total = offer.price.cents * quantity;
  const error = mutation.error;
  // An answer of the server in the reader's words; no answer at all is the dialog's own "retry" line.
  const errorMessage = !error ? null : error instanceof ApiRequestError ? errorText(error) : t('get.network');

  return (
    <Dialog open onClose={onClose} titleId={titleId} closeLabel={t('close')}>
      {issued ? (
        <div className="space-y-5 text-center">
          <TicketCheck aria-hidden className="mx-auto size-12 text-neon-400" />
          <h2 id={titleId} className="text-2xl font-bold">
            {t('get.done', { count: issued.length })}
          </h2>
          <p className="text-white/70">{t('get.doneBody', { event: eventName })}</p>
          <AppLink
            to={`${paths.tickets}?ticket=${encodeURIComponent(issued[0]!.id)}`}
            className={buttonClass({ tone: 'brand', shape: 'block' })}
          >
            {t('get.seeTicket', { count: issued.length })}
          </AppLink>
        </div>
      ) : (
        <div className="space-y-5">
          <header className="pr-8">
            <p className="text-sm text-white/60">{eventName}</p>
            <h2 id={titleId} className="text-2xl font-bold">
              {offer.name}
            </h2>
          </header>
          <div className="flex items-center justify-between gap-4">
            <span id={`${titleId}-qty`} className="font-medium">
              {t('get.quantity')}
            </span>
            <div role="group" aria-labelledby={`${titleId}-qty`} className="flex items-center gap-3">
              <button
                type="button"
                onClick={() => change(quantity - 1)}
                disabled={quantity <= 1}
                aria-label={t('get.less')}
                className={`rounded-full border border-white/20 p-2 disabled:opacity-30 ${focusRing}`}
              >
                <Minus aria-hidden className="size-4" />
              </button>
              <output aria-live="polite" className="w-8 text-center text-xl font-bold tabular-nums">
                {quantity}
              </output>
              <button
                type="button"
                onClick={() => change(quantity + 1)}
                disabled={quantity >= max}
                aria-label={t('get.more')}
                className={`rounded-full border border-white/20 p-2 disabled:opacity-30 ${focusRing}`}
              >
                <Plus aria-hidden className="size-4" />
              </button>
            </div>
          </div>
          <p className="text-xs text-white/50">{t('get.limit', { count: offer.perPersonLimit })}</p>
          {online ? (
            <CheckoutSummary ticketTypeId={offer.id} quantity={quantity} />
          ) : (
            <div className="rounded-2xl border border-night-700/70 bg-night-950/60 p-4">
              <p className="flex items-baseline justify-between text-lg font-bold">
                <span>{t('get.total')}</span>
                <span className="tabular-nums">{total === 0 ? t('free') : formatPrice(total, locale)}</span>
              </p>
              <p className="mt-1 text-sm text-white/60">
                {total === 0 ? t('get.freeNote') : t('get.doorNote', { total: formatPrice(total, locale) })}
              </p>
            </div>
          )}
          <CancelRuleLine rule={cancelRule} className="text-sm text-white/70" />
          {errorMessage && (
            <p
              role="alert"
              className="rounded-xl border border-flame-500/40 bg-flame-500/10 px-4 py-3 text-sm text-white"
            >
              {errorMessage}
            </p>
          )}
          {onSignIn ? (
            <div className="space-y-2">
              <Button
                type="button"
                shape="block"
                onClick={() => onSignIn(quantity)}
                aria-describedby={`${titleId}-signin`}
                tone="brand"
                className="w-full"
              >
                {t('get.signInToGet', { count: quantity })}
              </Button>
              <p id={`${titleId}-signin`} className="text-center text-sm text-white/60">
                {t('get.signInNote')}
              </p>
            </div>
          ) : (
            <Button
              type="button"
              shape="block"
              onClick={confirm}
              disabled={mutation.isPending || redirecting || (online && quoted === null)}
              tone="brand"
              className="w-full"
            >
              {redirecting
                ? t('payments:summary.redirecting')
                : mutation.isPending
                  ? t('get.pending')
                  : error && !(error instanceof ApiRequestError)
                    ? t('get.retry')
                    : online
                      ? t('payments:summary.pay')
                      : t('get.confirm', { count: quantity })}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
