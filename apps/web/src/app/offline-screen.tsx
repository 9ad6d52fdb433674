// "Sin conexión": a page that needs the network, reached without it. The wallet opens offline (the tickets and
// their QR codes are kept on the device), so the screen leads there.
import { Ticket, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/app-link.tsx';
import { focusRing } from '../components/focus-ring.ts';
import { paths } from '../lib/paths.ts';

export function OfflineScreen() {
  const { t } = useTranslation('shell');
  return (
    <section
      data-testid="offline-screen"
      className="mx-auto flex min-h-[70dvh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <WifiOff aria-hidden className="size-12 text-neon-400" />
      <h1 className="text-2xl font-black text-white sm:text-3xl">{t('offlinePage.title')}</h1>
      <p className="text-white/70">{t('offlinePage.body')}</p>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
        <AppLink
          to={paths.tickets}
          className={`inline-flex items-center gap-2 rounded-xl bg-neon-600 px-6 py-3 font-semibold text-white shadow-[0_0_24px] shadow-neon-600/40 hover:bg-neon-700 ${focusRing}`}
        >
          <Ticket aria-hidden className="size-5" />
          {t('offlinePage.wallet')}
        </AppLink>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`rounded-xl border border-night-700 px-6 py-3 font-semibold text-white/80 hover:bg-white/5 ${focusRing}`}
        >
          {t('offlinePage.retry')}
        </button>
      </div>
    </section>
  );
}
