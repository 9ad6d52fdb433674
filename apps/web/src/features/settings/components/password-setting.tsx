// Change password: the current one is required; optionally signs out the other devices (better-auth's endpoint).
import { formText } from '../../../lib/form-text.ts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@nocturna/shared/constants';
import { authClient } from '../../auth/api/auth-client-api.ts';
import { authErrorMessage, isPasswordRefusal } from '../../auth/index.ts';
import { SettingsCard } from './settings-card.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { Button } from '../../../components/ui/button.tsx';

export function PasswordSetting({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation(['auth', 'errors']);
  const [errors, setErrors] = useState<{ current?: string; next?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);
  const [signOutOthers, setSignOutOthers] = useState(true);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = formText(data, 'current');
    const next = formText(data, 'next');
    const repeat = formText(data, 'repeat');
    const found: typeof errors = {};
    if (!current) found.current = t('password.required');
    if (next.length < PASSWORD_MIN_LENGTH) found.next = t('password.tooShort', { min: PASSWORD_MIN_LENGTH });
    if (repeat !== next) found.repeat = t('password.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const { error } = await authClient.changePassword({
      currentPassword: current,
      newPassword: next,
      revokeOtherSessions: signOutOthers,
    });
    setBusy(false);
    if (error) {
      if (error.code === 'INVALID_PASSWORD') setErrors({ current: t('password.wrongCurrent') });
      // A new password refused as guessable is said under it, with the reason.
      else if (isPasswordRefusal(error)) setErrors({ next: authErrorMessage(tAuth, error) });
      else toast.error(authErrorMessage(tAuth, error));
      return;
    }
    form.reset();
    toast.success(t('password.changed'));
  };

  return (
    <SettingsCard id="contrasena" title={t('password.title')} description={t('password.description')}>
      {!hasPassword ? (
        <p className="text-sm text-white/70">{t('password.none')}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
          <PasswordField
            name="current"
            autoComplete="current-password"
            label={t('password.current')}
            error={errors.current}
          />
          <PasswordField
            name="next"
            autoComplete="new-password"
            label={t('password.new')}
            error={errors.next}
          />
          <PasswordField
            name="repeat"
            autoComplete="new-password"
            label={t('password.repeat')}
            error={errors.repeat}
          />
          <label className="flex items-center gap-2 text-sm text-white/80">
            <input
              type="checkbox"
              checked={signOutOthers}
              onChange={(e) => setSignOutOthers(e.target.checked)}
              className="size-4 accent-neon-500"
            />
            {t('password.signOutOthers')}
          </label>
          <Button type="submit" disabled={busy} className="self-start">
            {t('password.submit')}
          </Button>
        </form>
      )}
    </SettingsCard>
  );
}
