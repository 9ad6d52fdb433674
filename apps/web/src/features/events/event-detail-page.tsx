// /evento/:eventId: poster, when (Madrid time), the club, line-up, music, door rules and the tickets on sale
// (the tickets feature's offers: availability, promoter codes, getting tickets); share, calendar, the connections
// going, and on a phone a buy bar that stays under the thumb.
import { useEffect } from 'react';
import { CalendarDays, Clock, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { DetailSkeleton } from '../../components/catalogue/detail-skeleton.tsx';
import { GenreChips } from '../../components/catalogue/genre-chips.tsx';
import { InfoRow } from '../../components/catalogue/info-row.tsx';
import { NotFoundState } from '../../components/catalogue/not-found-state.tsx';
import { Poster } from '../../components/catalogue/poster.tsx';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { Section } from '../../components/catalogue/section.tsx';
import { useLocale } from '../../components/catalogue/use-locale.ts';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatNight, formatNightName, formatTimeRange } from '../../lib/catalogue-format.ts';
import { HydrationBoundary } from '../../components/hydration/hydration-boundary.tsx';
import { paths } from '../../lib/paths.ts';
import { useEvent } from './api/get-event.ts';
import { ConnectionsGoing } from './components/connections-going.tsx';
import { EventActions } from './components/event-actions.tsx';
import { EventClubCard } from './components/event-club-card.tsx';
import { StickyBuyBar } from './components/sticky-buy-bar.tsx';
import { LineupList } from './components/lineup-list.tsx';
import { EventTicketOffers } from '../tickets/index.ts';
import { rememberPromoterFromUrl } from '../promoters/index.ts';
import { Card } from '../../components/ui/card.tsx';

const OFFERS_ID = 'entradas';

export default function EventDetailPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const { data: event, isPending, isError, error, refetch } = useEvent(eventId);
  // A promoter's link (`?rpp=`) lands here: the browser keeps it for the purchase (last click wins), even if the
  // person never scrolls down to the offers.
  useEffect(() => rememberPromoterFromUrl(window.location.search), []);
  usePageTitle(event ? t('pageTitle', { name: event.name }) : undefined);

  let body;
  if (isPending) body = <DetailSkeleton label={t('events.title')} />;
  else if (isError && error instanceof ApiRequestError && error.status === 404)
    body = (
      <NotFoundState
        message={t('events.notFound')}
        linkTo={paths.events}
        linkLabel={t('events.backToList')}
      />
    );
  else if (isError)
    body = <ErrorState message={t('events.errorDetail')} error={error} onRetry={() => void refetch()} />;
  else
    body = (
      // Phone: poster, title, venue, then the rest. Wide: the venue and door facts sit beside the poster.
      <article className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <div className="overflow-hidden rounded-3xl border border-night-700/70 shadow-[0_0_60px_-20px] shadow-neon-500/60">
            <Poster src={event.coverURL} alt={event.name} priority />
          </div>
          {/* The date, the name and the genres: a boundary of their own after the poster (see HydrationBoundary). */}
          <HydrationBoundary>
            <header className="space-y-3">
              <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-semibold uppercase tracking-wide text-neon-400">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays aria-hidden className="size-4" />
                  <span className="inline-block first-letter:uppercase">
                    {formatNightName(t, event.startAt, locale)}
                  </span>
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden className="size-4" />
                  {formatTimeRange(event.startAt, event.endAt, locale)}
                </span>
                {event.status === 'cancelled' && (
                  <span className="rounded bg-flame-500 px-2 text-white">{t('events.cancelled')}</span>
                )}
              </p>
              <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{event.name}</h1>
              <GenreChips genres={event.genres} />
            </header>
          </HydrationBoundary>
        </div>
        {/* Beside the poster and below the header: hydrated after them (see HydrationBoundary). */}
        <HydrationBoundary>
          <aside className="space-y-4 lg:sticky lg:top-6 lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:self-start">
            <EventClubCard club={event.club} price={event.price} />
            <ConnectionsGoing eventId={event.id} />
            <EventActions event={event} />
            {/* The wall uses the camera: a document of its own (Permissions-Policy), so a full load. */}
            <AppLink
              to={paths.eventLive(event.slug)}
              reloadDocument
              className="flex items-center gap-2 rounded-2xl border border-neon-500/40 bg-neon-500/10 px-4 py-3 text-sm font-semibold text-white hover:border-neon-400"
            >
              <Radio aria-hidden className="size-4 text-neon-400" />
              {t('events.liveWall')}
            </AppLink>
            <Card as="dl" tone="muted" padding="none" className="divide-y divide-night-700/70 px-4">
              <InfoRow label={t('events.when_label')}>
                <span className="inline-block first-letter:uppercase">
                  {formatNight(t, event.startAt, event.endAt, locale)}
                </span>
              </InfoRow>
              <InfoRow label={t('events.dressCode')}>{event.dressCode}</InfoRow>
              <InfoRow label={t('events.minimumAge')}>{t('age', { age: event.minimumAge })}</InfoRow>
            </Card>
          </aside>
        </HydrationBoundary>
        <div className="space-y-6 lg:col-span-2">
          <Section title={t('events.about')}>
            <p className="leading-relaxed text-white/80">{event.description}</p>
          </Section>
          <HydrationBoundary>
            <Section title={t('events.lineup')}>
              <LineupList lineup={event.lineup} />
            </Section>
          </HydrationBoundary>
          {/* The offers (quantities, the buy and waitlist buttons) are the heaviest part: a boundary of their own. */}
          <HydrationBoundary>
            {/* The phone's buy bar scrolls here and moves focus here. */}
            <div id={OFFERS_ID} tabIndex={-1} className="scroll-mt-20 outline-none">
              <Section title={t('events.tickets')}>
                <EventTicketOffers eventId={event.id} eventName={event.name} listed={event.ticketTypes} />
              </Section>
            </div>
          </HydrationBoundary>
        </div>
        <HydrationBoundary>
          <StickyBuyBar price={event.price} targetId={OFFERS_ID} />
        </HydrationBoundary>
      </article>
    );

  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10">{body}</div>;
}
