// /discotecas: Madrid's clubs, filtered through the URL, loaded a page at a time.
import { useTranslation } from 'react-i18next';
import { ClubCard } from '../../components/catalogue/club-card.tsx';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { HydrationBoundary } from '../../components/hydration/hydration-boundary.tsx';
import { PagedCardList } from '../../components/catalogue/paged-card-list.tsx';
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
      <PagedCardList
        query={query}
        items={clubs}
        label={t('clubs.title')}
        errorMessage={t('clubs.errorList')}
        emptyMessage={t('clubs.empty')}
        onClearFilters={clear}
        card={(club, i) => <ClubCard key={club.id} club={club} priority={i === 0} />}
      />
    </div>
  );
}
