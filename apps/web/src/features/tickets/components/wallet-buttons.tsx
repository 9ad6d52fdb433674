// On the ticket pass: "Añadir a Apple Wallet" (the .pkpass, which the phone opens itself) and "Guardar en Google
// Wallet" (Google's save page), each only when the server backs that wallet, and only for a ticket that can still
// open the door. Both carry the same QR as this screen.
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@nocturna/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { appleWalletUrl, useSaveToGoogleWallet, useWallets } from '../api/wallets.ts';
import { passButtonStrong } from './pass-buttons.ts';

const walletButton = `${passButtonStrong} w-full`;

export function WalletButtons({ ticket, online }: { ticket: Ticket; online: boolean }) {
  const { t } = useTranslation('tickets');
  const errorText = useErrorText();
  const wallets = useWallets();
  const google = useSaveToGoogleWallet();
  const savable = ticket.status === 'valid' && Boolean(ticket.token) && !ticket.forResale;
  const { apple = false, google: googleOn = false } = wallets.data ?? {};
  if (!online || !savable || (!apple && !googleOn)) return null;
  const failure = google.error;
  const code = failure instanceof ApiRequestError ? failure.code : 'generic';

  return (
    <div className="mt-6 grid gap-2" data-testid="wallet-buttons">
      {apple && (
        <a href={appleWalletUrl(ticket.id)} className={walletButton}>
          <Wallet aria-hidden className="size-4" />
          {t('wallet.apple')}
        </a>
      )}
      {googleOn && (
        <button
          type="button"
          onClick={() => google.mutate(ticket.id)}
          disabled={google.isPending}
          className={walletButton}
        >
          <Wallet aria-hidden className="size-4" />
          {t('wallet.google')}
        </button>
      )}
      {failure && (
        <p role="alert" className="text-sm font-medium text-rose-700">
          {t(`wallet.errors.${code}`, { defaultValue: errorText(failure, t('wallet.errors.generic')) })}
        </p>
      )}
    </div>
  );
}
