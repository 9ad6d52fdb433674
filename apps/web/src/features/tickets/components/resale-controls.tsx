// On the ticket pass: put the ticket up for resale at its price (after a confirmation saying it stays yours until
// someone from the waitlist takes it), or take it back while nobody holds its offer.
import { useState } from 'react';
import { Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { formatPrice } from '../../../lib/catalogue-format.ts';
import { useSession } from '../../auth/api/use-session.ts';
import { useResellTicket } from '../api/use-resell-ticket.ts';
import { useWithdrawResale } from '../api/use-withdraw-resale.ts';
import { passButton, passButtonStrong } from './pass-buttons.ts';

export function ResaleControls({ ticket, online }: { ticket: Ticket; online: boolean }) {
  const { t } = useTranslation('tickets');
  const errorText = useErrorText();
  const locale = useLocale();
  const userId = useSession().user?.id ?? '';
  const resell = useResellTicket(userId);
  const withdraw = useWithdrawResale(userId);
  const [confirming, setConfirming] = useState(false);
  if (!ticket.canResell && !ticket.forResale) return null;
  const price = ticket.price.cents === 0 ? t('free') : formatPrice(ticket.price.cents, locale);
  const failure = resell.error ?? withdraw.error;
  const errorMessage = !failure
    ? null
    : failure instanceof ApiRequestError
      ? errorText(failure)
      : t('resale.network');

  return (
    <div className="col-span-2 space-y-2 rounded-xl bg-night-950/5 p-3" data-testid="resale-controls">
      {ticket.forResale ? (
        <>
          <p className="text-sm">{t('resale.listed', { price })}</p>
          <button
            type="button"
            disabled={!online || withdraw.isPending}
            onClick={() => withdraw.mutate(ticket.id)}
            className={`${passButton} w-full`}
          >
            {t('resale.withdraw')}
          </button>
        </>
      ) : confirming ? (
        <>
          <p className="text-sm">{t('resale.explain', { price })}</p>
          <div className="grid grid-cols-2 gap-2">
            <button type="button" onClick={() => setConfirming(false)} className={passButton}>
              {t('resale.keep')}
            </button>
            <button
              type="button"
              disabled={!online || resell.isPending}
              onClick={() => resell.mutate(ticket.id, { onSuccess: () => setConfirming(false) })}
              className={passButtonStrong}
            >
              {t('resale.confirm')}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          disabled={!online}
          onClick={() => setConfirming(true)}
          className={`${passButton} w-full`}
        >
          <Repeat aria-hidden className="size-4" />
          {t('resale.start', { price })}
        </button>
      )}
      {errorMessage && (
        <p role="alert" className="text-sm font-medium text-rose-700">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
