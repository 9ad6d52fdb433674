// Settings (signed in; the route's gate handles visitors): profile and privacy (on the profile page), language,
// notifications, the account's security (password, e-mail, sessions, Google), my data and deleting the account.
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { LanguageSetting } from './language-setting.tsx';
import { OnlineVisibilitySetting } from '../presence/index.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { useAccount } from './api/account.ts';
import { SettingsCard } from './components/settings-card.tsx';
import { NotificationSettings } from './components/notification-settings.tsx';
import { PasswordSetting } from './components/password-setting.tsx';
import { EmailSetting } from './components/email-setting.tsx';
import { SessionsSetting } from './components/sessions-setting.tsx';
import { GoogleSetting } from './components/google-setting.tsx';
import { DataSetting } from './components/data-setting.tsx';
import { DeleteAccountSetting } from './components/delete-account-setting.tsx';

const SECTIONS = [
  'perfil',
  'notificaciones',
  'contrasena',
  'correo',
  'sesiones',
  'google',
  'datos',
  'eliminar',
] as const;

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const account = useAccount();
  return (
    <section className="mx-auto w-full max-w-2xl px-5 py-8 sm:py-12">
      <h1 className="text-3xl font-black tracking-tight text-white">{t('title')}</h1>
      <p className="mt-2 text-white/60">{t('subtitle')}</p>
      <nav aria-label={t('sectionsNav')} className="mt-6 -mx-5 overflow-x-auto px-5">
        <ul className="flex gap-2 whitespace-nowrap">
          {SECTIONS.map((id) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex h-8 items-center rounded-full border border-white/10 px-3 text-xs font-semibold text-white/70 hover:text-white"
              >
                {t(`nav.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 flex flex-col gap-4">
        <SettingsCard id="perfil" title={t('profile.title')} description={t('profile.description')}>
          <div className="flex flex-wrap gap-2">
            <AppLink to="/perfil" className={buttonClass({ tone: 'secondary' })}>
              {t('profile.edit')}
            </AppLink>
            <AppLink to="/perfil#privacy" className={buttonClass({ tone: 'secondary' })}>
              {t('profile.privacy')}
            </AppLink>
          </div>
        </SettingsCard>
        <LanguageSetting />
        <OnlineVisibilitySetting />
        <NotificationSettings />
        {account.isError && <p className="text-sm text-flame-500">{t('error')}</p>}
        {account.data && (
          <>
            <PasswordSetting hasPassword={account.data.hasPassword} />
            <EmailSetting account={account.data} />
            <SessionsSetting />
            <GoogleSetting account={account.data} />
            <DataSetting />
            <DeleteAccountSetting hasPassword={account.data.hasPassword} />
          </>
        )}
      </div>
    </section>
  );
}
