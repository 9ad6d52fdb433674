// /login (spec §2): the sign-in form on its own page; afterwards the person returns to `from`.
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSession } from './api/use-session.ts';
import { AuthForms } from './components/auth-forms.tsx';
import { AuthPageFrame } from './components/auth-page-frame.tsx';
import { CenteredStatus } from './components/centered-status.tsx';
import { useTranslation } from 'react-i18next';
import { safeFrom } from './safe-from.ts';

export default function LoginPage() {
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
        mode="signIn"
        from={from}
        onToggle={() => navigate(`${paths.register}?from=${encodeURIComponent(from)}`)}
        onSignedIn={() => navigate(from, { replace: true })}
      />
    </AuthPageFrame>
  );
}
