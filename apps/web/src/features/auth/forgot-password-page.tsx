// "¿Olvidaste tu contraseña?": asks for the e-mail and always answers the same, whether or not an account has it
// (better-auth's request-password-reset does not tell either), so nobody can find out who has an account.
import { errorText } from '../../lib/error-text.ts';
import { formText } from '../../lib/form-text.ts';
import { useState, type FormEvent } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { authClient } from './auth-client.ts';
import { AuthPageFrame } from './components/auth-page-frame.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Button } from '../../components/ui/button.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['account', 'errors']);
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = formText(new FormData(event.currentTarget), 'email').trim();
    if (!EMAIL.test(email)) return setError(t('forgot.invalidEmail'));
    setError(undefined);
    setBusy(true);
    const { error: failed } = await authClient.requestPasswordReset({
      email,
      redirectTo: '/restablecer-contrasena',
    });
    setBusy(false);
    if (failed && failed.status !== 400) return setError(errorText(t, failed, t('error')));
    setSent(true);
  };

  return (
    <AuthPageFrame>
      <h1 className="text-2xl font-black text-white">{t('forgot.title')}</h1>
      {sent ? (
        <p role="status" className="mt-4 text-white/80">
          {t('forgot.sent')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-white/60">{t('forgot.description')}</p>
          <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 flex flex-col gap-4">
            <Field label={t('forgot.email')} error={error}>
              <Input name="email" type="email" autoComplete="email" />
            </Field>
            <Button shape="block" type="submit" disabled={busy}>
              {t('forgot.submit')}
            </Button>
          </form>
        </>
      )}
      <AppLink
        to="/login"
        className="mt-6 inline-block text-sm font-medium text-neon-300 hover:text-neon-200"
      >
        {t('backToSignIn')}
      </AppLink>
    </AuthPageFrame>
  );
}
