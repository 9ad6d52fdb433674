// Connection, what waits to sync, and whether the door can work without signal.
import { CloudUpload, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DoorPack } from '@nocturna/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale } from '../../../components/catalogue/use-locale.ts';
import { formatTime } from '../door-format.ts';
import type { PackState } from '../use-door-station.ts';

type Props = {
  online: boolean;
  pending: number;
  syncing: boolean;
  syncError: boolean;
  pack: DoorPack | null;
  packState: PackState;
  onSync: () => void;
  onRefresh: () => void;
};

export function DoorStatus({
  online,
  pending,
  syncing,
  syncError,
  pack,
  packState,
  onSync,
  onRefresh,
}: Props) {
  const { t } = useTranslation('door');
  const locale = useLocale();
  return (
    <div className="grid gap-3 text-sm lg:grid-cols-[auto_minmax(0,1fr)_minmax(0,1.4fr)] lg:items-center lg:gap-6">
      <p
        data-testid="door-connection"
        data-online={online}
        className={`inline-flex w-fit items-center gap-2 rounded-full px-3 py-1 font-semibold ${online ? 'bg-emerald-500/15 text-emerald-300' : 'bg-amber-500/15 text-amber-300'}`}
      >
        {online ? (
          <Wifi aria-hidden="true" className="size-4" />
        ) : (
          <WifiOff aria-hidden="true" className="size-4" />
        )}
        {online ? t('status.online') : t('status.offline')}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          data-testid="pending-sync"
          data-count={pending}
          role="status"
          className={pending > 0 ? 'font-semibold text-amber-300' : 'text-white/60'}
        >
          {syncing
            ? t('status.syncing')
            : pending > 0
              ? t('status.pending', { count: pending })
              : t('status.allSynced')}
        </p>
        {pending > 0 && (
          <Button type="button" tone="secondary" size="sm" onClick={onSync} disabled={!online || syncing}>
            <CloudUpload aria-hidden="true" className="size-4" />
            {t('status.syncNow')}
          </Button>
        )}
      </div>
      {syncError && <p className="text-flame-500">{t('status.syncFailed')}</p>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p data-testid="pack-status" data-state={packState} className="text-white/60">
          {packState === 'ready' && pack
            ? t('status.packReady', {
                count: pack.tickets.length,
                time: formatTime(pack.generatedAt, locale),
              })
            : packState === 'loading'
              ? t('status.packLoading')
              : t('status.packMissing')}
        </p>
        <Button type="button" tone="secondary" size="sm" onClick={onRefresh} disabled={!online}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('status.refresh')}
        </Button>
      </div>
    </div>
  );
}
