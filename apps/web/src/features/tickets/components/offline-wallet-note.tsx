// "Sin conexión" over the wallet, with when its copy was last synced with the server (Madrid time; the day too when
// it was not today).
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatDay, formatTime } from '../../../lib/catalogue-format.ts';

export function useSyncedText(syncedAt: Date | null): string | null {
  const { t } = useTranslation('tickets');
  const locale = useLocale();
  if (!syncedAt) return null;
  const iso = syncedAt.toISOString();
  const time = formatTime(iso, locale);
  const day = formatDay(iso, locale);
  return day === formatDay(new Date().toISOString(), locale)
    ? t('offlineBanner.syncedToday', { time })
    : t('offlineBanner.syncedOn', { day, time });
}

export function OfflineWalletNote({ syncedAt, className }: { syncedAt: Date | null; className: string }) {
  const { t } = useTranslation('tickets');
  const synced = useSyncedText(syncedAt);
  return (
    <p role="status" className={className}>
      <WifiOff aria-hidden className="size-4 shrink-0" />
      <span>
        {t('offlineBanner.title')}
        {synced && (
          <>
            {' · '}
            <span data-testid="wallet-synced-at">{synced}</span>
          </>
        )}
      </span>
    </p>
  );
}
