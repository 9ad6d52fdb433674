// The event page's tickets: each type with its price, what is left when few remain, "Agotado", sales windows,
// a promoter code field that reveals hidden types, and the way to get tickets. A visitor chooses the type and the
// quantity too, then signs in or up; the page comes back to the sheet with that choice (pending-choice.ts).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { KeyRound, Ticket as TicketIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TicketType, TicketTypeOffer, WaitlistEntry } from '@nocturna/shared';
import { focusRing } from '../../components/focus-ring.ts';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { formatDay, formatPrice, formatTime } from '../../lib/catalogue-format.ts';
import { openAuthModal } from '../auth/index.ts';
import { rememberPromoter } from '../promoters/index.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useTicketTypes } from './api/get-ticket-types.ts';
import { useMyWaitlist } from './api/get-my-waitlist.ts';
import { GetTicketDialog } from './components/get-ticket-dialog.tsx';
import { WaitlistBox } from './components/waitlist-box.tsx';
import { HydrationBoundary } from '../../components/hydration/hydration-boundary.tsx';
import { maxQuantity } from './ticket-format.ts';
import { usePaymentsConfig } from '../payments/index.ts';
import { forgetChoice, rememberChoice } from './pending-choice.ts';
import { usePendingChoice } from './use-pending-choice.ts';

// `listed`: the types the event page already has, shown with their prices while availability loads.
export function EventTicketOffers({
  eventId,
  eventName,
  listed,
}: {
  eventId: string;
  eventName: string;
  listed: TicketType[];
}) {
  const { t } = useTranslation('tickets');
  const { user } = useSession();
  const [code, setCode] = useState('');
  const [chosen, setChosen] = useState<{ offer: TicketTypeOffer; quantity: number } | null>(null);
  const offers = useTicketTypes(eventId, user?.id ?? '', code);
  const waitlist = useMyWaitlist(eventId, user?.id ?? null);
  const entryOf = (typeId: string) => waitlist.data?.items.find((e) => e.ticketTypeId === typeId);
  const codeStatus = offers.data?.code;
  useEffect(() => {
    if (code && codeStatus === 'promoter') rememberPromoter(code);
  }, [code, codeStatus]);
  usePendingChoice({
    // A Google account completing its profile first: the sheet waits until that dialog is done.
    ready: Boolean(user?.username),
    types: offers.data && !offers.isFetching ? offers.data.types : null,
    code,
    onCode: setCode,
    onChoice: setChosen,
  });

  if (offers.isPending) return <ListedTypes types={listed} />;
  if (offers.isError && !offers.data) return <p className="text-white/60">{t('offers.loadFailed')}</p>;
  const { types } = offers.data;

  const get = (offer: TicketTypeOffer) => setChosen({ offer, quantity: 1 });
  // Signed out at the sheet's confirm: the choice goes into the address, the sheet closes (a modal <dialog> would
  // cover the sign-in dialog) and sign-in opens.
  const signInToGet = (quantity: number) => {
    if (!chosen) return;
    rememberChoice({ typeId: chosen.offer.id, quantity, code: chosen.offer.unlocked ? code : '' });
    setChosen(null);
    openAuthModal('signIn');
  };

  return (
    <div className="space-y-4">
      {types.length === 0 ? (
        <p className="text-white/60">{t('offers.none')}</p>
      ) : (
        <ul className="space-y-2">
          {/* Each line (price, buy button, waitlist) hydrates on its own on a server-rendered page. */}
          {types.map((offer) => (
            <HydrationBoundary key={offer.id}>
              <OfferRow
                offer={offer}
                onGet={() => get(offer)}
                entry={entryOf(offer.id)}
                onSignIn={user ? null : () => openAuthModal('signIn')}
              />
            </HydrationBoundary>
          ))}
        </ul>
      )}
      <PromoCodeForm applied={code} status={offers.data.code} onApply={setCode} />
      {chosen && (
        <GetTicketDialog
          offer={chosen.offer}
          initialQuantity={chosen.quantity}
          eventName={eventName}
          code={code}
          cancelRule={offers.data.cancelRule}
          onSignIn={user ? null : signInToGet}
          onClose={() => {
            forgetChoice();
            setChosen(null);
          }}
        />
      )}
    </div>
  );
}

function ListedTypes({ types }: { types: TicketType[] }) {
  const { t } = useTranslation('tickets');
  const locale = useLocale();
  if (types.length === 0) return <p className="text-white/60">{t('offers.none')}</p>;
  return (
    <ul className="space-y-2" aria-busy="true">
      {types.map((type) => (
        <li
          key={type.id}
          className="flex items-center gap-3 rounded-2xl border border-night-700/70 bg-night-900 px-4 py-3"
        >
          <TicketIcon aria-hidden className="size-5 shrink-0 text-neon-400" />
          <p className="min-w-0 flex-1 font-medium text-white">{type.name}</p>
          <span className="text-lg font-bold tabular-nums text-white">
            {type.price.cents === 0 ? t('free') : formatPrice(type.price.cents, locale)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function OfferRow({
  offer,
  onGet,
  entry,
  onSignIn,
}: {
  offer: TicketTypeOffer;
  onGet: () => void;
  entry: WaitlistEntry | undefined;
  onSignIn: (() => void) | null;
}) {
  const { t } = useTranslation('tickets');
  const locale = useLocale();
  // Online types can be bought only where this server takes cards (Stripe configured). The server's page comes with
  // the answer (eventLoader), so the line is drawn the same by the server and by the hydrating browser.
  const config = usePaymentsConfig();
  const cards = config.data?.cardPayments === true;
  const onlineOff = offer.kind === 'online' && !cards;
  const atLimit = offer.availability === 'on_sale' && maxQuantity(offer) === 0;
  const status =
    offer.availability === 'sold_out'
      ? t('offers.soldOut')
      : offer.availability === 'not_yet'
        ? t('offers.notYet', {
            day: formatDay(offer.salesFrom!, locale),
            time: formatTime(offer.salesFrom!, locale),
          })
        : offer.availability === 'closed'
          ? t('offers.closed')
          : offer.availability === 'paused'
            ? t('offers.paused')
            : null;
  const canGet = offer.availability === 'on_sale' && !onlineOff && !atLimit;
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-night-700/70 bg-night-900 px-4 py-3"
      data-testid="ticket-offer"
    >
      <TicketIcon aria-hidden className="size-5 shrink-0 text-neon-400" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-white">{offer.name}</p>
        <p className="text-xs text-white/55">
          {offer.unlocked && (
            <span className="mr-1.5 inline-block rounded-full bg-neon-500/20 px-2 py-0.5 font-semibold text-neon-400">
              {t('offers.unlocked')}
            </span>
          )}
          {[
            offer.kind === 'free'
              ? t('offers.kind.free')
              : offer.kind === 'door'
                ? t('offers.kind.door')
                : t('offers.kind.online'),
            offer.entryUntil && t('offers.entryUntil', { time: formatTime(offer.entryUntil, locale) }),
            offer.heldByMe > 0 && t('offers.held', { count: offer.heldByMe }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {offer.remaining !== null && (
          <p className="text-sm font-semibold text-flame-500">
            {t('offers.remaining', { count: offer.remaining })}
          </p>
        )}
      </div>
      <span className="text-lg font-bold tabular-nums text-white">
        {offer.price.cents === 0 ? t('free') : formatPrice(offer.price.cents, locale)}
      </span>
      {status ? (
        <span
          className={`rounded-full px-3 py-1.5 text-sm font-bold ${offer.availability === 'sold_out' ? 'bg-rose-700 text-white' : 'bg-white/10 text-white/70'}`}
        >
          {status}
        </span>
      ) : (
        <Button
          type="button"
          onClick={onGet}
          disabled={!canGet}
          aria-label={t('offers.getLabel', { name: offer.name })}
          tone="brand"
          className="disabled:from-night-700 disabled:to-night-700 disabled:text-white/60"
        >
          {onlineOff ? t('offers.onlineSoon') : atLimit ? t('offers.atLimit') : t('offers.get')}
        </Button>
      )}
      {/* A card type's line needs card payments on this server to be paid when a place comes. */}
      {!onlineOff && <WaitlistBox offer={offer} entry={entry} onSignIn={onSignIn} />}
    </li>
  );
}

function PromoCodeForm({
  applied,
  status,
  onApply,
}: {
  applied: string;
  status: 'none' | 'accepted' | 'invalid' | 'promoter';
  onApply: (code: string) => void;
}) {
  const { t } = useTranslation('tickets');
  const id = useId();
  const [value, setValue] = useState(applied);
  const [open, setOpen] = useState(Boolean(applied));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(value.trim().toUpperCase());
  };
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`inline-flex items-center gap-2 rounded-lg text-sm font-medium text-neon-400 hover:text-neon-400 ${focusRing}`}
      >
        <KeyRound aria-hidden className="size-4" />
        {t('code.toggle')}
      </button>
    );
  const valid = /^[A-Za-z0-9_-]{3,40}$/.test(value.trim());
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-white/80">
        {t('code.label')}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={40}
          aria-describedby={`${id}-status`}
          className="min-w-0 flex-1 uppercase"
          placeholder={t('code.placeholder')}
        />
        <Button type="submit" tone="secondary" shape="block" disabled={!valid}>
          {t('code.apply')}
        </Button>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className={`text-sm ${status === 'invalid' ? 'text-flame-500' : 'text-neon-400'}`}
      >
        {applied && status === 'accepted'
          ? t('code.accepted')
          : applied && status === 'promoter'
            ? t('code.promoter')
            : applied && status === 'invalid'
              ? t('code.invalid')
              : ''}
      </p>
    </form>
  );
}
