// Delete my account: confirmed with the password; 14 days to change one's mind by signing in.
import { formText } from '../../../lib/form-text.ts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { DELETION_GRACE_DAYS } from '@nocturna/shared/account';
import { api } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useSignOut } from '../../auth/api/use-sign-out.ts';
import { SettingsCard } from './settings-card.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { Button } from '../../../components/ui/button.tsx';

export function DeleteAccountSetting({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = formText(new FormData(event.currentTarget), 'password');
    if (!password) return setError(t('delete.passwordRequired'));
    setBusy(true);
    try {
      await api('/api/me/deletion', { method: 'POST', json: { password } });
      toast.success(t('delete.scheduled', { days: DELETION_GRACE_DAYS }), { duration: 8000 });
      // The server has ended every session; this clears the browser's side of it.
      await signOut();
      await navigate('/');
    } catch (err) {
      setError(errorText(err, t('error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard
      id="eliminar"
      title={t('delete.title')}
      description={t('delete.description', { days: DELETION_GRACE_DAYS })}
    >
      {!open ? (
        <Button tone="secondary" type="button" onClick={() => setOpen(true)}>
          {t('delete.start')}
        </Button>
      ) : !hasPassword ? (
        <p className="text-sm text-white/70">{t('delete.noPassword')}</p>
      ) : (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="flex flex-col gap-3 rounded-xl border border-flame-500/40 p-4"
        >
          <p className="text-sm text-white/80">{t('delete.confirm', { days: DELETION_GRACE_DAYS })}</p>
          <PasswordField
            name="password"
            autoComplete="current-password"
            label={t('delete.password')}
            error={error}
          />
          <div className="flex flex-wrap gap-2">
            <Button tone="danger" type="submit" disabled={busy}>
              {t('delete.submit')}
            </Button>
            <Button tone="secondary" type="button" onClick={() => setOpen(false)}>
              {t('delete.cancel')}
            </Button>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
