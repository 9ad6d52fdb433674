// Settings (signed in; the route's gate handles visitors). Language for now; later issues add their sections here.
import { useTranslation } from 'react-i18next';
import { LanguageSetting } from './language-setting.tsx';
import { OnlineVisibilitySetting } from '../presence/index.ts';

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <section className="mx-auto w-full max-w-2xl px-5 py-8 sm:py-12">
      <h1 className="text-3xl font-black tracking-tight text-white">{t('title')}</h1>
      <p className="mt-2 text-white/60">{t('subtitle')}</p>
      <div className="mt-8 flex flex-col gap-4">
        <LanguageSetting />
        <OnlineVisibilitySetting />
      </div>
    </section>
  );
}
