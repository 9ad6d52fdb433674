// /discoteca/:clubId: cover, how to get there, door rules, music and the club's upcoming events.
import { WEEKDAYS } from '@nocturna/shared/catalogue-values';
import { useTranslation } from 'react-i18next';
import { ShareButton } from '../../components/share-button.tsx';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { CardGrid } from '../../components/catalogue/card-grid.tsx';
import { DetailSkeleton } from '../../components/catalogue/detail-skeleton.tsx';
import { EventCard } from '../../components/catalogue/event-card.tsx';
import { GenreChips } from '../../components/catalogue/genre-chips.tsx';
import { InfoRow } from '../../components/catalogue/info-row.tsx';
import { NotFoundState } from '../../components/catalogue/not-found-state.tsx';
import { Logo, Poster } from '../../components/catalogue/poster.tsx';
import { NothingFound, ErrorState } from '../../components/catalogue/query-states.tsx';
import { Section } from '../../components/catalogue/section.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { ApiRequestError, withQuery } from '../../lib/api-client.ts';
import { HydrationBoundary } from '../../components/hydration/hydration-boundary.tsx';
import { paths } from '../../lib/paths.ts';
import { useClub } from './api/get-club.ts';
import { ClubLinks } from './components/club-links.tsx';
import { ClubDirections } from '../explore/index.ts';
import { Card } from '../../components/ui/card.tsx';

export default function ClubDetailPage() {
  const { clubId = '' } = useParams();
  const { t } = useTranslation('catalogue');
  const { data: club, isPending, isError, error, refetch } = useClub(clubId);
  usePageTitle(club ? t('pageTitle', { name: club.name }) : undefined);

  let body;
  if (isPending) body = <DetailSkeleton label={t('clubs.title')} />;
  else if (isError && error instanceof ApiRequestError && error.status === 404)
    body = (
      <NotFoundState message={t('clubs.notFound')} linkTo={paths.clubs} linkLabel={t('clubs.backToList')} />
    );
  else if (isError)
    body = <ErrorState message={t('clubs.errorDetail')} error={error} onRetry={() => void refetch()} />;
  else {
    const days = WEEKDAYS.filter((d) => club.openingDays.includes(d))
      .map((d) => t(`weekdaysLong.${d}`))
      .join(', ');
    body = (
      <article className="space-y-8">
        {/* Wide screens: the door facts sit beside the cover. */}
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-5 lg:col-span-2">
            <div className="overflow-hidden rounded-3xl border border-night-700/70 shadow-[0_0_60px_-20px] shadow-neon-500/60">
              <Poster src={club.coverURL} alt={club.name} priority />
            </div>
            <header className="flex flex-col gap-4">
              <div className="flex items-center gap-4">
                <Logo src={club.logoURL} alt="" size={72} />
                <div>
                  <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{club.name}</h1>
                  <p className="text-white/60">
                    {club.barrio} · {club.city}
                  </p>
                </div>
              </div>
              <ClubLinks club={club} />
              <ShareButton
                className="self-start"
                title={club.name}
                text={t('clubs.shareText', { name: club.name })}
                url={paths.club(club.slug)}
              />
            </header>
            <Section title={t('clubs.about')}>
              <p className="leading-relaxed text-white/80">{club.description}</p>
              <GenreChips genres={club.genres} />
            </Section>
          </div>
          {/* The door facts and directions: hydrated after the cover and the header (see HydrationBoundary). */}
          <HydrationBoundary>
            <div className="h-fit space-y-4 lg:sticky lg:top-6">
              <Card as="dl" tone="muted" padding="none" className="divide-y divide-night-700/70 px-4">
                <InfoRow label={t('clubs.address')}>{club.address}</InfoRow>
                <InfoRow label={t('clubs.openingDays')}>{days}</InfoRow>
                <InfoRow label={t('clubs.openingHours')}>{club.openingHours}</InfoRow>
                <InfoRow label={t('clubs.dressCode')}>{club.dressCode}</InfoRow>
                <InfoRow label={t('clubs.minimumAge')}>{t('age', { age: club.minimumAge })}</InfoRow>
                <InfoRow label={t('clubs.priceRange')}>{club.priceRange}</InfoRow>
                <InfoRow label={t('clubs.capacity')}>
                  {t('clubs.capacityValue', { count: club.capacity })}
                </InfoRow>
              </Card>
              <ClubDirections clubId={club.id} />
            </div>
          </HydrationBoundary>
        </div>
        <Section
          title={t('clubs.upcoming')}
          action={
            club.upcomingEvents.length > 0 && (
              <AppLink
                to={withQuery(paths.events, { club: club.slug })}
                className="text-sm font-semibold text-neon-400 hover:text-neon-500"
              >
                {t('clubs.allEventsOfClub')}
              </AppLink>
            )
          }
        >
          {club.upcomingEvents.length === 0 ? (
            <NothingFound message={t('clubs.upcomingEmpty')} />
          ) : (
            <CardGrid>
              {club.upcomingEvents.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </CardGrid>
          )}
        </Section>
      </article>
    );
  }

  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10">{body}</div>;
}
