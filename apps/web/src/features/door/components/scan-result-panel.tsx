// A scan's answer, filling the screen so it reads at a glance across a dark doorway: green VÁLIDA with the
// name and type, or red with the reason, centred. "Escanear siguiente" (focused) takes it away; it and the other
// actions sit at the bottom, where the thumb of the hand holding the phone reaches. The verdict scrolls on its
// own when it is taller than the screen, so the actions never leave it. A full-screen modal Dialog: the door page
// under it is inert, Tab stays on the verdict's buttons and Escape takes it away like "Escanear siguiente".
import { useEffect, useRef, useState } from 'react';
import { CheckCircle2, WifiOff, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RefusalReason, ScanResult } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatTicketCode } from '@nocturna/shared/ticket-code';
import { formatPrice } from '../../../lib/catalogue-format.ts';
import { formatDay, formatTime } from '../door-format.ts';
import type { ScanShown } from '../use-door-station.ts';
import { RefuseSheet } from './refuse-sheet.tsx';

// The line under the headline: why not, or when it was used.
function detailKey(result: ScanResult): string | null {
  if (result.outcome === 'valid') return null;
  if (result.outcome === 'already_used') return result.usedDoor ? 'already_used' : 'already_usedNoDoor';
  if (result.outcome === 'wrong_event') return result.ticketEvent ? 'wrong_event' : 'wrong_eventUnknown';
  if (result.outcome === 'banned') return result.ban?.until ? 'banned' : 'bannedForever';
  return result.outcome;
}

export function ScanResultPanel({
  shown,
  onNext,
  onRefuse,
  onExit,
  refusing = false,
}: {
  shown: ScanShown;
  onNext: () => void;
  // Offered on a VÁLIDA: the door turns the person away after all (undoing the entry the scan recorded).
  onRefuse?: (reason: RefusalReason, note?: string) => void;
  // Offered on a YA USADA of someone inside: "Sale a fumar".
  onExit?: () => void;
  refusing?: boolean;
}) {
  const { t } = useTranslation('door');
  const locale = useLocale();
  const next = useRef<HTMLButtonElement>(null);
  const { result, offline } = shown;
  const ok = result.outcome === 'valid' || result.outcome === 'reentry';
  const canExit = result.outcome === 'already_used' && result.ticket && !result.ticket.outside;
  // The door page keys this panel by the scan, so a new scan starts with the reasons closed.
  const [choosing, setChoosing] = useState(false);
  useEffect(() => next.current?.focus(), [result]);

  const detail = detailKey(result);
  const time = (iso: string | null) => (iso ? formatTime(iso, locale) : '');
  const values = {
    time:
      result.outcome === 'already_used'
        ? time(result.usedAt)
        : result.outcome === 'not_yet_valid'
          ? time(result.opensAt)
          : time(result.ticket?.entryUntil ?? null),
    door: result.usedDoor ?? '',
    event: result.ticketEvent?.name ?? '',
    date: result.ticketEvent
      ? formatDay(result.ticketEvent.startAt, locale)
      : result.ban?.until
        ? formatDay(result.ban.until, locale)
        : '',
    reason: result.ban?.reason ?? '',
  };
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    // Escape backs out of the reasons first; while a refusal is being sent it waits.
    <Dialog
      open
      onClose={refusing ? undefined : choosing ? () => setChoosing(false) : onNext}
      titleId="scan-outcome"
      // Read out on opening, as the alert it was: who, which ticket, why not.
      descriptionId="scan-verdict"
      variant="fullscreen"
      className={`text-center text-white ${ok ? 'bg-emerald-700' : 'bg-red-700'}`}
    >
      <div data-testid="scan-result" data-outcome={result.outcome} className="flex h-full flex-col">
        <div
          id="scan-verdict"
          data-testid="scan-verdict"
          className="flex min-h-0 w-full flex-1 flex-col items-center justify-center gap-5 overflow-y-auto px-5 pt-8 pb-4"
        >
          <Icon aria-hidden="true" className="size-20 shrink-0 sm:size-24" strokeWidth={2.5} />
          <p
            id="scan-outcome"
            className="max-w-full text-[clamp(2.25rem,11vw,4.5rem)] leading-none font-black tracking-tight break-words"
          >
            {t(`result.outcome.${result.outcome}`)}
          </p>
          {result.ticket && (
            <div className="w-full max-w-md space-y-1">
              <p className="text-3xl font-bold break-words sm:text-4xl">{result.ticket.holderName}</p>
              <p className="text-xl font-semibold break-words text-white/90">
                {result.ticket.type}
                {result.ticket.code ? ` · ${formatTicketCode(result.ticket.code)}` : ''}
                {result.ticket.holderUsername ? ` · @${result.ticket.holderUsername}` : ''}
              </p>
              {result.ticket.listOf && (
                <p className="text-xl font-bold" data-testid="scan-list-of">
                  {t('result.listOf', { promoter: result.ticket.listOf })}
                </p>
              )}
            </div>
          )}
          {detail && <p className="max-w-md text-xl font-semibold">{t(`result.detail.${detail}`, values)}</p>}
          {result.outcome === 'valid' && result.ticket?.paymentDue && (
            <p className="rounded-2xl bg-white px-5 py-3 text-2xl font-black text-emerald-800">
              {t('result.pay', { amount: formatPrice(result.ticket.paymentDue.cents, locale) })}
            </p>
          )}
          {ok && result.ticket?.entryUntil && (
            <p className="text-lg font-semibold">
              {t('result.entryUntil', { time: time(result.ticket.entryUntil) })}
            </p>
          )}
          {offline && (
            <p className="inline-flex items-center gap-2 rounded-full bg-black/30 px-4 py-2 text-sm font-semibold">
              <WifiOff aria-hidden="true" className="size-4" />
              {t('result.offline')}
            </p>
          )}
          {shown.refusal && (
            <p className="max-w-md text-xl font-semibold" data-testid="refusal-done">
              {t('refuse.done', { reason: t(`refuse.reasons.${shown.refusal.reason}`) })}
              <br />
              {t(
                shown.refusal.refunded === null
                  ? 'refuse.refundPending'
                  : shown.refusal.refunded
                    ? 'refuse.refunded'
                    : 'refuse.notRefunded',
              )}
            </p>
          )}
          {choosing && onRefuse && result.outcome === 'valid' && (
            <RefuseSheet busy={refusing} onRefuse={onRefuse} onCancel={() => setChoosing(false)} />
          )}
        </div>
        {!(choosing && onRefuse && result.outcome === 'valid') && (
          <div
            data-testid="scan-actions"
            className="mx-auto flex w-full max-w-sm shrink-0 flex-col gap-3 px-5 pt-2 pb-[max(1.25rem,env(safe-area-inset-bottom))]"
          >
            <button
              ref={next}
              type="button"
              onClick={onNext}
              className="h-14 w-full rounded-2xl bg-white text-lg font-bold text-night-950 outline-none focus-visible:ring-4 focus-visible:ring-white/60"
            >
              {t('result.next')}
            </button>
            {shown.exited ? (
              <p data-testid="exit-done" className="rounded-2xl bg-black/30 px-4 py-3 text-lg font-bold">
                {t('exit.done')}
              </p>
            ) : (
              canExit &&
              onExit && (
                <button
                  type="button"
                  onClick={onExit}
                  disabled={refusing}
                  data-testid="exit-open"
                  className="h-14 w-full rounded-2xl border-2 border-white bg-night-950/40 text-lg font-bold text-white outline-none focus-visible:ring-4 focus-visible:ring-white/60"
                >
                  {t('exit.open')}
                </button>
              )
            )}
            {result.outcome === 'valid' && onRefuse && result.ticket && (
              <button
                type="button"
                onClick={() => setChoosing(true)}
                data-testid="refuse-open"
                className="h-14 w-full rounded-2xl border-2 border-white bg-red-700 text-lg font-bold text-white outline-none focus-visible:ring-4 focus-visible:ring-white/60"
              >
                {t('refuse.open')}
              </button>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
