// /unlock: "INICIAR SESIÓN" goes to /login carrying the origin path as `from`; "VOLVER ATRÁS" goes back.
import { KeyRound } from 'lucide-react';
import { useLocation, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { ParticleCanvas } from '../../components/particle-canvas.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { safeFrom } from './safe-from.ts';

export default function UnlockPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  const from = safeFrom(params.get('from') ?? state?.from ?? null, paths.home);
  return (
    <section className="relative isolate flex min-h-[calc(100dvh-9rem)] items-center justify-center overflow-hidden px-5 py-12 lg:min-h-dvh">
      <ParticleCanvas className="-z-10" />
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <div className="flex size-16 items-center justify-center rounded-2xl bg-neon-600/20 text-neon-400">
          <KeyRound className="size-8" aria-hidden="true" />
        </div>
        <h1 className="text-3xl font-black tracking-tight text-white">{t('unlock.title')}</h1>
        <p className="text-white/70">{t('unlock.text')}</p>
        <div className="mt-4 flex w-full flex-col gap-3 sm:flex-row">
          <AppLink
            to={`${paths.login}?from=${encodeURIComponent(from)}`}
            className={`${buttonClass({ shape: 'block' })} flex-1`}
          >
            {t('unlock.signIn')}
          </AppLink>
          <Button
            type="button"
            tone="secondary"
            shape="block"
            onClick={() => window.history.back()}
            className="flex-1"
          >
            {t('unlock.back')}
          </Button>
        </div>
      </div>
    </section>
  );
}
