// /register: the three-step sign-up on its own page. After the reload that follows sign-up, a signed-in
// visitor is sent on to `from`.
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths.ts';
import { useSession } from './api/use-session.ts';
import { AuthForms } from './components/auth-forms.tsx';
import { AuthPageFrame } from './components/auth-page-frame.tsx';
import { CenteredStatus } from './components/centered-status.tsx';
import { safeFrom } from './safe-from.ts';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = safeFrom(params.get('from'));
  const { user, isPending } = useSession();
  if (isPending) return <CenteredStatus text={t('gate.verifying')} />;
  if (user) return <Navigate to={from} replace />;
  return (
    <AuthPageFrame>
      <AuthForms
        mode="signUp"
        from={from}
        onToggle={() => navigate(`${paths.login}?from=${encodeURIComponent(from)}`)}
        onSignedIn={() => navigate(from, { replace: true })}
      />
    </AuthPageFrame>
  );
}
