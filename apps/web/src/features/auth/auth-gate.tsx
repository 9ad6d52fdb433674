// Sign-in required pages: "Verificando acceso..." while the session loads, then the page or
// its gate screen. Comfort only: the server answers 401 to the page's API calls anyway.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from './api/use-session.ts';
import { CenteredStatus } from '../../components/centered-status.tsx';
import { GateScreen } from './components/gate-screen.tsx';
import type { GateKind } from './gate-kinds.ts';

export function AuthGate({ gate, children }: { gate: GateKind; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { user, isPending } = useSession();
  if (isPending) return <CenteredStatus text={t('gate.verifying')} />;
  if (!user) return <GateScreen gate={gate} />;
  return <>{children}</>;
}
