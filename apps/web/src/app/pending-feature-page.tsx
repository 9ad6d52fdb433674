// A route whose feature is not part of this build yet. It stays inside the shell (and its gate), says
// plainly that this section is not available here, and points to what already works.
import { ArrowRight, CalendarDays, Disc3, House } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../components/focus-ring.ts';
import { paths } from '../lib/paths.ts';
import { pendingSectionKey } from './pending-section.ts';

const LINKS = [
  { to: paths.clubs, icon: Disc3, title: 'pending.clubsTitle', text: 'pending.clubsText' },
  { to: paths.events, icon: CalendarDays, title: 'pending.eventsTitle', text: 'pending.eventsText' },
  { to: paths.home, icon: House, title: 'pending.homeTitle', text: 'pending.homeText' },
] as const;

export default function PendingFeaturePage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const section = t(pendingSectionKey(pathname));
  return (
    <section className="mx-auto w-full max-w-3xl px-5 py-10 sm:py-16" data-testid="pending-feature">
      <p className="text-xs font-semibold tracking-[0.2em] text-neon-400 uppercase">{t('pending.eyebrow')}</p>
      <h1 className="mt-2 text-3xl font-black tracking-tight text-white sm:text-4xl">{section}</h1>
      <p className="mt-4 max-w-xl text-base text-white/70">{t('pending.body', { section })}</p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-3">
        {LINKS.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Link
              to={to}
              className={`group flex h-full flex-col gap-3 rounded-2xl border border-white/10 bg-night-900/80 p-5 transition-colors hover:border-neon-500/60 hover:bg-night-800 ${focusRing}`}
            >
              <span className="grid size-10 place-items-center rounded-xl bg-neon-500/15 text-neon-400">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex items-center gap-1 font-semibold text-white">
                {t(title)}
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                />
              </span>
              <span className="text-sm text-white/60">{t(text)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
