// Download my data: a JSON archive built in the background and offered for 24 hours.
import { Download } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { exportDownloadUrl, useExports, useRequestExport } from '../api/exports.ts';
import { SettingsCard, madridTime } from './settings-card.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';

export function DataSetting() {
  const { t, i18n } = useTranslation('settings');
  const exports = useExports();
  const request = useRequestExport();
  const pending = exports.data?.some((e) => e.status === 'pending');
  return (
    <SettingsCard id="datos" title={t('data.title')} description={t('data.description')}>
      <Button
        type="button"
        disabled={pending || request.isPending}
        onClick={() => request.mutate(undefined, { onError: () => toast.error(t('error')) })}
      >
        {pending ? t('data.preparing') : t('data.request')}
      </Button>
      <ul className="mt-3 flex flex-col gap-2">
        {exports.data
          ?.filter((e) => e.status === 'ready')
          .map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-white/10 p-3"
            >
              <span className="text-sm text-white/70">
                {t('data.readyUntil', { when: madridTime(e.expiresAt!, i18n.language) })}
              </span>
              <a href={exportDownloadUrl(e.id)} download className={buttonClass({ tone: 'secondary' })}>
                <Download aria-hidden="true" className="size-4" />
                {t('data.download')}
              </a>
            </li>
          ))}
      </ul>
    </SettingsCard>
  );
}
