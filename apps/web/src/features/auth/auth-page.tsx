// /login and /register: the auth forms on their own page. A signed-in visitor (for example after
// the reload that follows sign-up) is sent on to `from`; the toggle keeps `from` when switching pages.
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths.ts';
import { useSession } from './api/use-session.ts';
import { AuthForms } from './components/auth-forms.tsx';
import { AuthPageFrame } from './components/auth-page-frame.tsx';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { safeFrom } from './safe-from.ts';

export function AuthPage({ mode }: { mode: 'signIn' | 'signUp' }) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = safeFrom(params.get('from'));
  const { user, isPending } = useSession();
  if (isPending) return <CenteredStatus text={t('gate.verifying')} />;
  if (user) return <Navigate to={from} replace />;
  const other = mode === 'signIn' ? paths.register : paths.login;
  return (
    <AuthPageFrame>
      <AuthForms
        mode={mode}
        from={from}
        onToggle={() => navigate(`${other}?from=${encodeURIComponent(from)}`)}
        onSignedIn={() => navigate(from, { replace: true })}
      />
    </AuthPageFrame>
  );
}
