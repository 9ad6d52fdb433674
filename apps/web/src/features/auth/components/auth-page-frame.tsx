// The /login and /register pages: the modal's forms on a page of their own.
import type { ReactNode } from 'react';
import { ParticleCanvas } from '../../../components/particle-canvas.tsx';

export function AuthPageFrame({ children }: { children: ReactNode }) {
  return (
    <section className="relative isolate flex min-h-[calc(100dvh-9rem)] items-start justify-center overflow-hidden px-4 py-8 sm:items-center lg:min-h-dvh">
      <ParticleCanvas className="-z-10" />
      <div className="w-full max-w-md rounded-3xl border border-white/10 bg-night-900/90 p-6 shadow-2xl backdrop-blur sm:p-8">
        {children}
      </div>
    </section>
  );
}
