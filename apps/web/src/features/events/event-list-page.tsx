// /eventos: every published event ahead, filtered through the URL, loaded a page at a time.
import { useTranslation } from 'react-i18next';
import { EventCard } from '../../components/catalogue/event-card.tsx';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { HydrationBoundary } from '../../components/hydration/hydration-boundary.tsx';
import { PagedCardList } from '../../components/catalogue/paged-card-list.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useEvents } from './api/get-events.ts';
import { EventFilterBar } from './components/event-filter-bar.tsx';
import { eventFiltersToQuery } from './event-filters.ts';
import { useEventFilters } from './use-event-filters.ts';

export default function EventListPage() {
  const { t } = useTranslation('catalogue');
  usePageTitle(t('pageTitle', { name: t('events.title') }));
  const { filters, setFilter, setFilters, clear } = useEventFilters();
  const query = useEvents(eventFiltersToQuery(filters));
  const events = query.data?.pages.flatMap((page) => page.items) ?? [];
  const clubName = filters.club
    ? events.find((e) => e.clubSlug === filters.club || e.clubId === filters.club)?.clubName
    : undefined;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <PageHeader title={t('events.title')} lead={t('events.lead')} />
      {/* The filters hydrate in a boundary of their own, after the page's header (HydrationBoundary). */}
      <HydrationBoundary>
        <EventFilterBar
          filters={filters}
          clubName={clubName}
          onChange={setFilter}
          onChangeMany={setFilters}
          onClear={clear}
        />
      </HydrationBoundary>
      <PagedCardList
        query={query}
        items={events}
        label={t('events.title')}
        rows
        errorMessage={t('events.errorList')}
        emptyMessage={t('events.empty')}
        onClearFilters={clear}
        card={(event, i) => <EventCard key={event.id} event={event} priority={i === 0} />}
      />
    </div>
  );
}
