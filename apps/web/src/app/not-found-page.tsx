// Any path no route claims: exactly "404 | ¡Fiesta equivocada! Página no encontrada."
import { AppLink } from '../components/app-link.tsx';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../components/focus-ring.ts';
import { paths } from '../lib/paths.ts';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="relative flex min-h-[70dvh] flex-col items-center justify-center overflow-hidden px-6 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/3 left-1/2 size-72 -translate-x-1/2 -translate-y-1/2 rounded-full bg-neon-600/20 blur-3xl"
      />
      <h1 data-testid="not-found" className="relative max-w-xl text-2xl font-black text-white sm:text-3xl">
        {t('notFound')}
      </h1>
      <AppLink
        to={paths.home}
        className={`relative mt-8 rounded-xl bg-neon-600 px-6 py-3 font-semibold text-white shadow-[0_0_24px] shadow-neon-600/40 hover:bg-neon-700 ${focusRing}`}
      >
        {t('backHome')}
      </AppLink>
    </section>
  );
}
