// Home: what is on tonight, this weekend, and clubs worth knowing.
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link.tsx';
import { ClubCard } from '../../components/catalogue/club-card.tsx';
import { EventCard } from '../../components/catalogue/event-card.tsx';
import { HydrationBoundary } from '../../components/hydration/hydration-boundary.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { withQuery } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useClubs } from '../clubs/api/get-clubs.ts';
import { useEvents } from '../events/api/get-events.ts';
import { HomeSection } from './home-section.tsx';
import { ALL_CLUBS, HOME_ROW as ROW, TONIGHT, WEEKEND } from './home-queries.ts';

export default function HomePage() {
  const { t } = useTranslation('catalogue');
  usePageTitle(t('home.title'));
  const tonight = useEvents(TONIGHT, ROW);
  const weekend = useEvents(WEEKEND, ROW);
  const clubs = useClubs(ALL_CLUBS, ROW);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-10 px-4 py-6 sm:px-6 lg:py-10">
      <section className="relative overflow-hidden rounded-3xl border border-night-700/70 bg-night-900 px-5 py-7 sm:px-10 sm:py-14">
        <div
          aria-hidden
          className="pointer-events-none absolute -right-24 -top-24 size-80 rounded-full bg-neon-600/30 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-32 left-1/3 size-72 rounded-full bg-flame-500/15 blur-3xl"
        />
        <div className="relative max-w-2xl space-y-3 sm:space-y-4">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-neon-400">
            {t('home.kicker')}
          </p>
          <h1 className="text-3xl font-extrabold leading-tight tracking-tight text-white sm:text-5xl">
            {t('home.heading')}
          </h1>
          <p className="text-white/70 sm:text-lg">{t('home.lead')}</p>
          <div className="flex flex-wrap gap-3 pt-2">
            <AppLink
              to={paths.events}
              className="rounded-full bg-neon-600 px-5 py-2.5 text-sm font-semibold text-white shadow-[0_0_28px_-6px] shadow-neon-500 hover:bg-neon-700"
            >
              {t('home.ctaEvents')}
            </AppLink>
            <AppLink
              to={paths.clubs}
              className="rounded-full border border-white/20 px-5 py-2.5 text-sm font-semibold text-white hover:border-neon-400 hover:text-neon-400"
            >
              {t('home.ctaClubs')}
            </AppLink>
          </div>
        </div>
      </section>
      {/* Each row hydrates on its own after the page's top (see HydrationBoundary). */}
      <HydrationBoundary>
        <HomeSection
          title={t('home.tonight')}
          seeAllTo={withQuery(paths.events, TONIGHT)}
          query={tonight}
          empty={t('home.tonightEmpty')}
          errorMessage={t('events.errorList')}
          render={(event, i) => <EventCard key={event.id} event={event} priority={i === 0} />}
          listOnPhone
        />
      </HydrationBoundary>
      <HydrationBoundary>
        <HomeSection
          title={t('home.weekend')}
          seeAllTo={withQuery(paths.events, WEEKEND)}
          query={weekend}
          empty={t('home.weekendEmpty')}
          errorMessage={t('events.errorList')}
          render={(event) => <EventCard key={event.id} event={event} />}
          listOnPhone
        />
      </HydrationBoundary>
      <HydrationBoundary>
        <HomeSection
          title={t('home.featuredClubs')}
          seeAllTo={paths.clubs}
          query={clubs}
          empty={t('clubs.empty')}
          errorMessage={t('clubs.errorList')}
          render={(club) => <ClubCard key={club.id} club={club} />}
        />
      </HydrationBoundary>
    </div>
  );
}
