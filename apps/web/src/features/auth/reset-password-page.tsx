// The link in the reset mail lands here with its token: choose a new password (the token works once, for an
// hour), then sign in with it. Every other session was signed out by the reset.
import { formText } from '../../lib/form-text.ts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@nocturna/shared/constants';
import { authClient } from './auth-client.ts';
import { authErrorMessage } from './auth-errors.ts';
import { AuthPageFrame } from './components/auth-page-frame.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';

export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { t: tAuth } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = formText(data, 'password');
    const repeat = formText(data, 'repeat');
    const found: typeof errors = {};
    if (password.length < PASSWORD_MIN_LENGTH)
      found.password = t('reset.tooShort', { min: PASSWORD_MIN_LENGTH });
    if (repeat !== password) found.repeat = t('reset.mismatch');
    setErrors(found);
    if (Object.keys(found).length || !token) return;
    setBusy(true);
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    setBusy(false);
    if (error) {
      if (error.code === 'INVALID_TOKEN') return setErrors({ form: t('reset.invalidToken') });
      return setErrors({ password: authErrorMessage(tAuth, error) });
    }
    toast.success(t('reset.done'));
    await navigate('/login', { replace: true });
  };

  return (
    <AuthPageFrame>
      <h1 className="text-2xl font-black text-white">{t('reset.title')}</h1>
      {!token || errors.form ? (
        <div role="alert" className="mt-4 flex flex-col gap-4">
          <p className="text-white/80">{errors.form ?? t('reset.invalidToken')}</p>
          <AppLink to="/olvide-contrasena" className={buttonClass({ shape: 'block' })}>
            {t('reset.askAgain')}
          </AppLink>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 flex flex-col gap-4">
          <PasswordField
            name="password"
            autoComplete="new-password"
            label={t('reset.password')}
            error={errors.password}
          />
          <PasswordField
            name="repeat"
            autoComplete="new-password"
            label={t('reset.repeat')}
            error={errors.repeat}
          />
          <Button shape="block" type="submit" disabled={busy}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthPageFrame>
  );
}
