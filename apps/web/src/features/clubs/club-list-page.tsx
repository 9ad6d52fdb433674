// /discotecas: Madrid's clubs, filtered through the URL, loaded a page at a time.
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../components/catalogue/card-grid.tsx';
import { CardGridSkeleton } from '../../components/catalogue/card-skeleton.tsx';
import { ClubCard } from '../../components/catalogue/club-card.tsx';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { HydrationBoundary } from '../../components/hydration/hydration-boundary.tsx';
import { EmptyState, ErrorState, LoadMore } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useClubs } from './api/get-clubs.ts';
import { clubFiltersToQuery } from './club-filters.ts';
import { ClubFilterBar } from './components/club-filter-bar.tsx';
import { useClubFilters } from './use-club-filters.ts';

export default function ClubListPage() {
  const { t } = useTranslation('catalogue');
  usePageTitle(t('pageTitle', { name: t('clubs.title') }));
  const { filters, setFilter, clear } = useClubFilters();
  const query = useClubs(clubFiltersToQuery(filters));
  const clubs = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <PageHeader title={t('clubs.title')} lead={t('clubs.lead')} />
      {/* The filters hydrate in a boundary of their own, after the page's header (HydrationBoundary). */}
      <HydrationBoundary>
        <ClubFilterBar filters={filters} onChange={setFilter} onClear={clear} />
      </HydrationBoundary>
      {query.isPending ? (
        <CardGridSkeleton label={t('clubs.title')} />
      ) : query.isError && clubs.length === 0 ? (
        <ErrorState message={t('clubs.errorList')} error={query.error} onRetry={() => void query.refetch()} />
      ) : clubs.length === 0 ? (
        <EmptyState
          message={t('clubs.empty')}
          action={
            <button
              type="button"
              onClick={clear}
              className="rounded-full bg-neon-600 px-4 py-2 text-sm font-semibold text-white hover:bg-neon-700"
            >
              {t('clearFilters')}
            </button>
          }
        />
      ) : (
        <>
          <CardGrid>
            {clubs.map((club, i) => (
              <ClubCard key={club.id} club={club} priority={i === 0} />
            ))}
          </CardGrid>
          {query.isFetchNextPageError && (
            <ErrorState
              message={t('clubs.errorList')}
              error={query.error}
              onRetry={() => void query.fetchNextPage()}
            />
          )}
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoad={() => void query.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
