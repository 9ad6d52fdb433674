// Settings section: "Mostrar cuándo estoy en línea". Off hides online status and last seen from connections.
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/api/use-session.ts';
import { usePresenceSettings, useSavePresenceSettings } from './api/presence-settings.ts';
import { Card } from '../../components/ui/card.tsx';

export function OnlineVisibilitySetting() {
  const { t } = useTranslation('notifications');
  const userId = useSession().user?.id ?? '';
  const settings = usePresenceSettings(userId);
  const save = useSavePresenceSettings(userId);
  const checked = settings.data?.showOnline ?? true;
  const toggle = () =>
    save.mutate(
      { showOnline: !checked },
      {
        onSuccess: () => toast.success(t('presence.saved')),
        onError: () => toast.error(t('presence.saveFailed')),
      },
    );
  return (
    <Card as="section" surface="soft" aria-labelledby="presence-setting-title">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="presence-setting-title" className="text-lg font-bold text-white">
            {t('presence.title')}
          </h2>
          <p id="presence-setting-description" className="mt-1 text-sm text-white/60">
            {t('presence.description')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby="presence-setting-title"
          aria-describedby="presence-setting-description"
          disabled={settings.isPending || settings.isError}
          onClick={toggle}
          className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-neon-400 focus-visible:outline-none disabled:opacity-50 ${
            checked ? 'bg-neon-500' : 'bg-white/20'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
      </div>
      {settings.isError && <p className="mt-3 text-sm text-flame-500">{t('presence.loadFailed')}</p>}
    </Card>
  );
}
