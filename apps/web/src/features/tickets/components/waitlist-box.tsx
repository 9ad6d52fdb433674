// Under a sold-out ticket type: join its waitlist, see my place in line and leave it, or — when a place is freed
// for me — take it before the offer runs out (or let it go to the next person). A card type's place is paid on
// Stripe Checkout, with its total (price + the club's fee) shown before pressing pay.
import { Hourglass, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/app-link.tsx';
import type { TicketTypeOffer, WaitlistEntry } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { formatPrice, formatTime } from '../../../lib/catalogue-format.ts';
import { paths } from '../../../lib/paths.ts';
import { OfferCheckoutSummary, useOfferQuote } from '../../payments/index.ts';
import { currentPromoter } from '../../promoters/index.ts';
import { useAcceptWaitlistOffer } from '../api/use-accept-waitlist-offer.ts';
import { useJoinWaitlist } from '../api/use-join-waitlist.ts';
import { useLeaveWaitlist } from '../api/use-leave-waitlist.ts';

export function WaitlistBox({
  offer,
  entry,
  onSignIn,
}: {
  offer: TicketTypeOffer;
  entry: WaitlistEntry | undefined;
  // Null when signed in; otherwise opens the sign-in modal.
  onSignIn: (() => void) | null;
}) {
  const { t } = useTranslation('tickets');
  const errorText = useErrorText();
  const locale = useLocale();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const accept = useAcceptWaitlistOffer();
  const failure = join.error ?? leave.error ?? accept.error;
  const errorMessage = !failure
    ? null
    : failure instanceof ApiRequestError
      ? errorText(failure)
      : t('waitlist.network');
  const navigate = useNavigate();
  // A card offer is paid on the secure payment page (Stripe Checkout), at the total shown here first.
  const card = offer.kind === 'online';
  const quote = useOfferQuote(entry?.id ?? '', card && entry?.status === 'offered');
  const quoted = quote.data && !quote.isFetching && !quote.isError ? quote.data.total.cents : null;
  const [redirecting, setRedirecting] = useState(false);
  const busy = join.isPending || leave.isPending || accept.isPending || redirecting;
  const issued = accept.data?.tickets[0];
  const take = (entryId: string) =>
    accept.mutate(
      { entryId, ...(card && quoted !== null ? { expectedTotalCents: quoted } : {}) },
      {
        // The price or fee changed since the quote: show the new total (the message says it too).
        onError: (err) => {
          if (err instanceof ApiRequestError && err.code === 'PRICE_CHANGED') void quote.refetch();
        },
        onSuccess: (result) => {
          if (!result.checkout || result.tickets.length > 0) return;
          if (result.checkout.url && result.checkout.status === 'pending') {
            setRedirecting(true);
            window.location.assign(result.checkout.url);
          } else void navigate(paths.order(result.checkout.orderId));
        },
      },
    );
  const ticketId = issued?.id ?? (entry?.status === 'accepted' ? entry.ticketId : null);

  let body;
  if (ticketId) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <PartyPopper aria-hidden className="size-5 shrink-0 text-neon-400" />
        <p className="min-w-0 flex-1 text-sm font-semibold text-white">{t('waitlist.got')}</p>
        <AppLink
          to={`${paths.tickets}?ticket=${encodeURIComponent(ticketId)}`}
          className={buttonClass({ tone: 'brand' })}
        >
          {t('waitlist.seeTicket')}
        </AppLink>
      </div>
    );
  } else if (entry?.status === 'offered') {
    body = (
      <div className="space-y-3" data-testid="waitlist-offer">
        <p className="text-base font-bold text-white">{t('waitlist.offerTitle')}</p>
        <p className="text-sm text-white/75">
          {t(card ? 'waitlist.offerBodyCard' : 'waitlist.offerBody', {
            time: formatTime(entry.offerExpiresAt!, locale),
          })}
        </p>
        {card && <OfferCheckoutSummary entryId={entry.id} />}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            disabled={busy || (card && quoted === null)}
            onClick={() => take(entry.id)}
            tone="brand"
          >
            {redirecting
              ? t('waitlist.redirecting')
              : accept.isPending
                ? t('waitlist.pending')
                : card
                  ? quoted === null
                    ? t('waitlist.payCard')
                    : t('waitlist.pay', { total: formatPrice(quoted, locale) })
                  : t('waitlist.take', { name: offer.name })}
          </Button>
          <Button type="button" tone="secondary" disabled={busy} onClick={() => leave.mutate(entry.id)}>
            {t('waitlist.decline')}
          </Button>
        </div>
      </div>
    );
  } else if (entry?.status === 'waiting') {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <Hourglass aria-hidden className="size-5 shrink-0 text-neon-400" />
        <p className="min-w-0 flex-1 text-sm text-white" data-testid="waitlist-position">
          {t('waitlist.position', { position: entry.position })}
        </p>
        <Button type="button" tone="secondary" disabled={busy} onClick={() => leave.mutate(entry.id)}>
          {t('waitlist.leave')}
        </Button>
      </div>
    );
  } else if (offer.availability === 'sold_out') {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 text-sm text-white/70">{t('waitlist.pitch')}</p>
        <Button
          type="button"
          disabled={busy}
          onClick={() =>
            onSignIn ? onSignIn() : join.mutate({ ticketTypeId: offer.id, rpp: currentPromoter() })
          }
          aria-label={t('waitlist.joinLabel', { name: offer.name })}
          tone="brand"
        >
          {t('waitlist.join')}
        </Button>
      </div>
    );
  } else {
    return null;
  }

  return (
    <div
      className={`basis-full rounded-xl px-3 py-3 ${entry?.status === 'offered' && !ticketId ? 'border border-neon-500/70 bg-neon-500/10' : 'bg-white/5'}`}
    >
      {body}
      {errorMessage && (
        <p role="alert" className="mt-2 text-sm font-medium text-flame-500">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
