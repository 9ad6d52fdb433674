// The ticket at the door: full screen, white, a large QR, and what the door staff and the holder need to read
// (event, club, type, holder, time). Works from the last copy when there is no signal.
import { useId, useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { CalendarPlus, MapPin, Send, WifiOff, X, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { formatTicketCode } from '@nocturna/shared/ticket-code';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatNight, formatPrice, formatTime } from '../../../lib/catalogue-format.ts';
import { calendarUrl } from '../api/get-ticket.ts';
import { directionsUrl } from '../ticket-format.ts';
import { TicketCancelNote } from './cancel-rule-line.tsx';
import { useOnline } from '../use-online.ts';
import { useSyncedText } from './offline-wallet-note.tsx';
import { CancelTicketDialog } from './cancel-ticket-dialog.tsx';
import { TransferTicketDialog } from './transfer-ticket-dialog.tsx';
import { ResaleControls } from './resale-controls.tsx';
import { WalletButtons } from './wallet-buttons.tsx';
import { passButton } from './pass-buttons.ts';
import { ticketStatusText } from './ticket-status-badge.tsx';

export function TicketPass({
  ticket,
  syncedAt = null,
  onClose,
}: {
  ticket: Ticket;
  // Offline: when the saved copy was last synced with the server.
  syncedAt?: Date | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tickets');
  const locale = useLocale();
  const titleId = useId();
  const online = useOnline();
  const synced = useSyncedText(syncedAt);
  const [action, setAction] = useState<'transfer' | 'cancel' | null>(null);

  const dead =
    ticket.status === 'cancelled' || ticket.status === 'transferred' || ticket.status === 'refused';
  return (
    // Escape closes the pass; with a transfer or a cancel open over it, Escape closes that one first.
    <Dialog
      open
      onClose={onClose}
      titleId={titleId}
      variant="fullscreen"
      testId="ticket-pass"
      className="overflow-y-auto bg-white text-night-950 backdrop:bg-white"
    >
      <div className="mx-auto flex min-h-full w-full max-w-md flex-col px-5 pt-4 pb-8">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold tracking-wide text-night-950/60 uppercase">
            {t('pass.kicker')}
          </p>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('close')}
            className="rounded-full p-2 hover:bg-night-950/5 outline-none focus-visible:ring-2 focus-visible:ring-neon-600"
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>

        <header className="mt-2">
          <h2 id={titleId} className="text-2xl leading-tight font-black">
            {ticket.event.name}
          </h2>
          <p className="mt-1 font-medium">
            {formatNight(t, ticket.event.startAt, ticket.event.endAt, locale)}
          </p>
          <p className="text-night-950/70">
            {ticket.club.name} · {ticket.club.address}
          </p>
        </header>

        <div className="mt-5 flex flex-col items-center">
          {ticket.token && !dead ? (
            <div className={`w-full max-w-[22rem] ${ticket.status === 'used' ? 'opacity-30' : ''}`}>
              {/* The compact token makes a version-6 QR even at error correction M (41×41 modules, against
                  65×65 at L before): big modules a camera reads at once in the dark, and a scratch or glare
                  on the screen still reads. */}
              <QRCodeSVG
                value={ticket.token}
                size={352}
                level="M"
                marginSize={2}
                title={t('pass.qrTitle', { holder: ticket.holderName })}
                className="h-auto w-full"
                data-testid="ticket-qr"
              />
            </div>
          ) : (
            <div className="flex aspect-square w-full max-w-[22rem] flex-col items-center justify-center gap-3 rounded-3xl border-2 border-dashed border-night-950/20 p-6 text-center">
              <XCircle aria-hidden className="size-12 text-night-950/40" />
              <p className="font-semibold">{ticketStatusText(t, ticket, locale)}</p>
              <p className="text-sm text-night-950/60">{t('pass.noQr')}</p>
            </div>
          )}
          <p className="mt-3 text-center text-2xl font-black" data-testid="ticket-holder">
            {ticket.holderName}
          </p>
          <p className="text-center text-lg font-semibold">{ticket.type}</p>
          {ticket.code && (
            <p className="mt-2 text-center">
              <span className="block text-xs font-semibold tracking-wide text-night-950/60 uppercase">
                {t('pass.code')}
              </span>
              <span
                className="font-mono text-3xl font-black tracking-[0.15em]"
                data-testid="ticket-code"
                aria-label={t('pass.codeSpelled', { code: ticket.code.split('').join(' ') })}
              >
                {formatTicketCode(ticket.code)}
              </span>
            </p>
          )}
          <p role="status" className="mt-1 rounded-full bg-night-950/5 px-3 py-1 text-sm font-semibold">
            {ticketStatusText(t, ticket, locale)}
          </p>
        </div>

        <dl className="mt-5 space-y-1 text-sm">
          {ticket.entryUntil && (
            <Fact label={t('pass.entryUntil')} value={formatTime(ticket.entryUntil, locale)} />
          )}
          {ticket.paymentStatus === 'due_at_door' && !dead && (
            <Fact label={t('pass.payAtDoor')} value={formatPrice(ticket.price.cents, locale)} />
          )}
          {ticket.transferredFrom && <Fact label={t('pass.from')} value={ticket.transferredFrom.name} />}
          {!ticket.code && <Fact label={t('pass.number')} value={ticket.id} mono />}
        </dl>
        <TicketCancelNote ticket={ticket} className="mt-3 text-sm text-night-950/70" />

        {!online && (
          <p className="mt-4 inline-flex items-center gap-2 rounded-xl bg-night-950/5 px-3 py-2 text-sm font-medium">
            <WifiOff aria-hidden className="size-4 shrink-0" />
            <span>
              {t('pass.offline')}
              {synced && (
                <>
                  {' '}
                  <span data-testid="pass-synced-at">{synced}.</span>
                </>
              )}
            </span>
          </p>
        )}

        <WalletButtons ticket={ticket} online={online} />
        <div className="mt-6 grid grid-cols-2 gap-2">
          {!dead && (
            <a href={calendarUrl(ticket.id)} download className={passButton}>
              <CalendarPlus aria-hidden className="size-4" />
              {t('pass.calendar')}
            </a>
          )}
          <a
            href={directionsUrl(ticket.club)}
            target="_blank"
            rel="noopener noreferrer"
            className={passButton}
          >
            <MapPin aria-hidden className="size-4" />
            {t('pass.directions')}
          </a>
          {ticket.canTransfer && (
            <button
              type="button"
              onClick={() => setAction('transfer')}
              disabled={!online}
              className={passButton}
            >
              <Send aria-hidden className="size-4" />
              {t('pass.transfer')}
            </button>
          )}
          {ticket.canCancel && (
            <button
              type="button"
              onClick={() => setAction('cancel')}
              disabled={!online}
              className={`${passButton} text-rose-700`}
            >
              <XCircle aria-hidden className="size-4" />
              {t('pass.cancel')}
            </button>
          )}
          <ResaleControls ticket={ticket} online={online} />
        </div>
      </div>
      {action === 'transfer' && <TransferTicketDialog ticket={ticket} onClose={() => setAction(null)} />}
      {action === 'cancel' && <CancelTicketDialog ticket={ticket} onClose={() => setAction(null)} />}
    </Dialog>
  );
}

function Fact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-4 border-b border-night-950/10 py-1.5">
      <dt className="text-night-950/60">{label}</dt>
      <dd className={`min-w-0 text-right font-semibold break-all ${mono ? 'font-mono text-xs' : ''}`}>
        {value}
      </dd>
    </div>
  );
}
