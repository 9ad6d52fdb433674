// "Sin conexión": a page that needs the network, reached without it. The wallet opens offline (the tickets and
// their QR codes are kept on the device), so the screen leads there.
import { Ticket, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/app-link.tsx';
import { Button, buttonClass } from '../components/ui/button.tsx';
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
        <AppLink to={paths.tickets} className={`${buttonClass({ shape: 'block' })} gap-2`}>
          <Ticket aria-hidden className="size-5" />
          {t('offlinePage.wallet')}
        </AppLink>
        <Button type="button" tone="secondary" shape="block" onClick={() => window.location.reload()}>
          {t('offlinePage.retry')}
        </Button>
      </div>
    </section>
  );
}
