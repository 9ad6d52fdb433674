// What a visitor sees on a protected page: title, description, three benefits, and the two
// buttons that open the auth modal, over the particle background. 'premium' is the generic page.
import { CheckCircle2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ParticleCanvas } from '../../../components/particle-canvas.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { openAuthModal } from '../auth-modal-store.ts';
import type { GateKind } from '../gate-kinds.ts';

export function GateScreen({ gate }: { gate: GateKind }) {
  const { t } = useTranslation('auth');
  const benefits = t(`gate.kinds.${gate}.benefits`, { returnObjects: true }) as unknown as string[];
  return (
    <section
      data-gate={gate}
      className="relative isolate flex min-h-[calc(100dvh-9rem)] items-center justify-center overflow-hidden px-5 py-12 lg:min-h-dvh"
    >
      <ParticleCanvas className="-z-10" />
      <div
        className="absolute inset-0 -z-20 bg-[radial-gradient(ellipse_at_top,rgba(168,85,247,0.25),transparent_60%)]"
        aria-hidden="true"
      />
      <div className="w-full max-w-lg rounded-3xl border border-white/10 bg-night-900/80 p-7 text-center shadow-2xl backdrop-blur sm:p-10">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-neon-600/20 text-neon-400">
          <Lock className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-3xl font-black tracking-tight text-white">{t(`gate.kinds.${gate}.title`)}</h1>
        <p className="mt-3 text-white/70">{t(`gate.kinds.${gate}.description`)}</p>
        <ul className="mt-6 flex flex-col gap-3 text-left">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-3 text-white/85">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-neon-400" aria-hidden="true" />
              {benefit}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button
            type="button"
            shape="block"
            onClick={() => openAuthModal('signUp')}
            tone="brand"
            className="flex-1"
          >
            {t('gate.createAccount')}
          </Button>
          <Button
            type="button"
            tone="secondary"
            shape="block"
            onClick={() => openAuthModal('signIn')}
            className="flex-1"
          >
            {t('gate.signIn')}
          </Button>
        </div>
      </div>
    </section>
  );
}
