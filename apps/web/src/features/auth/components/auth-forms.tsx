// The modal's body and the /login and /register pages share this: title, Google, the form, the mode toggle.
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/focus-ring.ts';
import type { AuthModalMode } from '../auth-modal-store.ts';
import { GoogleButton } from './google-button.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export function AuthForms({
  mode,
  onToggle,
  onSignedIn,
  from,
  titleId,
}: {
  mode: AuthModalMode;
  onToggle: () => void;
  onSignedIn: () => void;
  from?: string;
  titleId?: string;
}) {
  const { t } = useTranslation('auth');
  const signIn = mode === 'signIn';
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h2 id={titleId} className="text-2xl font-black tracking-tight text-white">
          {signIn ? t('signInTitle') : t('signUpTitle')}
        </h2>
        <p className="mt-1 text-sm text-white/60">{signIn ? t('signInSubtitle') : t('signUpSubtitle')}</p>
      </div>
      <GoogleButton from={from} />
      <div className="flex items-center gap-3 text-xs tracking-wide text-white/40 uppercase">
        <span className="h-px flex-1 bg-white/10" />
        {t('or')}
        <span className="h-px flex-1 bg-white/10" />
      </div>
      {signIn ? <SignInForm onSuccess={onSignedIn} /> : <SignUpForm />}
      <p className="text-center text-sm text-white/60">
        {signIn ? t('noAccount') : t('haveAccount')}{' '}
        <button
          type="button"
          onClick={onToggle}
          className={`font-semibold text-neon-400 hover:text-neon-400/80 ${focusRing} rounded`}
        >
          {signIn ? t('toSignUp') : t('toSignIn')}
        </button>
      </p>
    </div>
  );
}
