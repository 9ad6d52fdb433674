// Role pages: loading while the server is asked, then the page or "Acceso Denegado".
// A failed check counts as denied; answers are cached 5 minutes per user and dropped on sign-out.
import type { ReactNode } from 'react';
import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@nocturna/shared';
import { Button } from '../../components/ui/button.tsx';
import { useHasRole } from './api/use-has-role.ts';
import { useSession } from './api/use-session.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';

export function RoleGate({ role, children }: { role: Role | 'user'; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { user, isPending: sessionPending } = useSession();
  const check = useHasRole(role === 'user' ? undefined : user?.id, role === 'user' ? 'admin' : role);
  // Role 'user' is any signed-in person: always allowed.
  if (role === 'user') return <>{children}</>;
  if (sessionPending || (user && check.isPending)) return <CenteredStatus text={t('roleGate.checking')} />;
  if (user && check.data === true) return <>{children}</>;
  return (
    <section
      role="alert"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-5 text-center"
    >
      <div className="flex size-16 items-center justify-center rounded-2xl bg-flame-500/15 text-flame-500">
        <ShieldX className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-3xl font-black tracking-tight text-white">{t('roleGate.deniedTitle')}</h1>
      <p className="max-w-md text-white/70">{t('roleGate.deniedText', { role: role.toUpperCase() })}</p>
      <Button type="button" shape="block" onClick={() => window.history.back()} className="mt-2">
        {t('roleGate.back')}
      </Button>
    </section>
  );
}
