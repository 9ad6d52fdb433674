// E-mail: the current address and whether it is confirmed (resend the link), and a change confirmed from the new
// address (better-auth's change-email sends the link; nothing changes until it is followed).
import { formText } from '../../../lib/form-text.ts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AccountSecurity } from '@nocturna/shared';
import { authClient } from '../../auth/api/auth-client-api.ts';
import { authErrorMessage } from '../../auth/index.ts';
import { Field, Input } from '../../../components/ui/field.tsx';
import { SettingsCard } from './settings-card.tsx';
import { Button } from '../../../components/ui/button.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EmailSetting({ account }: { account: AccountSecurity }) {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation(['auth', 'errors']);
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newEmail = formText(new FormData(event.currentTarget), 'email').trim().toLowerCase();
    if (!EMAIL.test(newEmail)) return setError(t('email.invalid'));
    if (newEmail === account.email) return setError(t('email.same'));
    setError(undefined);
    setBusy(true);
    const result = await authClient.changeEmail({ newEmail, callbackURL: '/ajustes?correo=confirmado' });
    setBusy(false);
    if (result.error) return setError(authErrorMessage(tAuth, result.error));
    setSentTo(newEmail);
  };

  const resend = async () => {
    const result = await authClient.sendVerificationEmail({
      email: account.email,
      callbackURL: '/ajustes?correo=confirmado',
    });
    if (result.error) toast.error(authErrorMessage(tAuth, result.error));
    else toast.success(t('email.resent'));
  };

  return (
    <SettingsCard id="correo" title={t('email.title')}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="break-all font-medium text-white">{account.email}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${account.emailVerified ? 'bg-emerald-500/15 text-emerald-300' : 'bg-amber-500/15 text-amber-300'}`}
        >
          {account.emailVerified ? t('email.verified') : t('email.unverified')}
        </span>
        {!account.emailVerified && (
          <Button tone="secondary" type="button" onClick={() => void resend()}>
            {t('email.resend')}
          </Button>
        )}
      </div>
      {sentTo ? (
        <p role="status" className="mt-4 rounded-xl bg-neon-500/10 p-3 text-sm text-white/80">
          {t('email.sent', { email: sentTo })}
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 flex flex-col gap-3">
          <Field label={t('email.new')} error={error}>
            <Input name="email" type="email" autoComplete="email" />
          </Field>
          <Button type="submit" disabled={busy} className="self-start">
            {t('email.submit')}
          </Button>
        </form>
      )}
    </SettingsCard>
  );
}
