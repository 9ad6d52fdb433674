// A club in a list: its cover, logo, barrio, opening days and music.
import type { ClubSummary } from '@nocturna/shared';
import { WEEKDAYS } from '@nocturna/shared/catalogue-values';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../app-link.tsx';
import { paths } from '../../lib/paths.ts';
import { HydrationBoundary } from '../hydration/hydration-boundary.tsx';
import { GenreChips } from './genre-chips.tsx';
import { CARD_SIZES, Logo, Poster } from './poster.tsx';

// Hydrated after the page around it: a list page has dozens of cards (see HydrationBoundary).
export function ClubCard(props: { club: ClubSummary; priority?: boolean }) {
  return (
    <HydrationBoundary>
      <ClubCardBody {...props} />
    </HydrationBoundary>
  );
}

function ClubCardBody({ club, priority = false }: { club: ClubSummary; priority?: boolean }) {
  const { t } = useTranslation('catalogue');
  return (
    <article className="group relative flex flex-col overflow-hidden card-when-near rounded-2xl border border-night-700/70 bg-night-900 transition hover:-translate-y-0.5 hover:border-neon-500/60 hover:shadow-[0_0_32px_-8px] hover:shadow-neon-500/50">
      <Poster src={club.coverURL} alt="" priority={priority} sizes={CARD_SIZES} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-center gap-3">
          <Logo src={club.logoURL} alt="" size={44} className="-mt-10 ring-4 ring-night-900" />
          <div className="min-w-0">
            <h3 className="truncate text-base font-semibold text-white">
              <AppLink
                to={paths.club(club.slug)}
                className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
              >
                {club.name}
              </AppLink>
            </h3>
            <p className="text-sm text-white/60">
              {club.barrio} · {club.priceRange} · {t('age', { age: club.minimumAge })}
            </p>
          </div>
        </div>
        <ul className="flex gap-1" aria-label={t('clubs.openingDays')}>
          {WEEKDAYS.map((day) => {
            const open = club.openingDays.includes(day);
            return (
              <li
                key={day}
                // Closed days are drawn for the week's shape; a screen reader hears only the open ones.
                aria-hidden={!open}
                className={`flex-1 rounded-md py-1 text-center text-[11px] font-semibold ${open ? 'bg-neon-600/25 text-neon-400' : 'text-white/50'}`}
              >
                <span className={open ? '' : 'line-through decoration-white/40'}>{t(`weekdays.${day}`)}</span>
              </li>
            );
          })}
        </ul>
        <div className="mt-auto">
          <GenreChips genres={club.genres} max={4} />
        </div>
      </div>
    </article>
  );
}
