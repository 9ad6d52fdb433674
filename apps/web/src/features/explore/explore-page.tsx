// /explore and /explorar: the nights of Madrid on a map. Desktop: filters and the list beside the map; phone:
// the map full screen with the nights as chips on top and the list in a bottom sheet. The map (MapLibre) is
// its own lazy chunk; the list never waits for it.
import { tonightDate } from '@nocturna/shared/madrid-time';
import { LocateFixed, LocateOff, SlidersHorizontal } from 'lucide-react';
import { Suspense, lazy, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { useIsMobile } from '../../app/shell/use-is-mobile.ts';
import { useSession } from '../auth/api/use-session.ts';
import { useExplore } from './api/get-explore.ts';
import { BottomSheet } from './components/bottom-sheet.tsx';
import { ExploreFilterPanel, WhenChips } from './components/explore-filter-panel.tsx';
import { ExploreLists } from './components/explore-lists.tsx';
import { MarkerLegend } from './components/marker-legend.tsx';
import { countExploreFilters, exploreQueryOf } from './explore-filters.ts';
import { useExploreFilters } from './use-explore-filters.ts';
import { useGeolocation } from './use-geolocation.ts';

const ExploreMap = lazy(() => import('./map/explore-map.tsx'));

function NearMe({ geo }: { geo: ReturnType<typeof useGeolocation> }) {
  const { t } = useTranslation('explore');
  const on = geo.state === 'on';
  return (
    <div className="space-y-1">
      <button
        type="button"
        aria-pressed={on}
        onClick={on ? geo.stop : geo.ask}
        disabled={geo.state === 'asking'}
        className={`inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition ${
          on
            ? 'border-sky-400 bg-sky-500/20 text-white'
            : 'border-night-700 bg-night-900 text-white/80 hover:border-sky-400/60'
        }`}
      >
        {on ? <LocateOff aria-hidden className="size-4" /> : <LocateFixed aria-hidden className="size-4" />}
        {geo.state === 'asking' ? t('near.asking') : on ? t('near.stop') : t('near.button')}
      </button>
      {(geo.state === 'denied' || geo.state === 'unavailable') && (
        <p role="status" className="text-xs text-flame-500">
          {t(`near.${geo.state}`)}
        </p>
      )}
    </div>
  );
}

export default function ExplorePage() {
  const { t } = useTranslation('explore');
  usePageTitle(t('pageTitle'));
  const isMobile = useIsMobile();
  const userId = useSession().user?.id ?? null;
  const { filters, setFilter, clear } = useExploreFilters();
  const geo = useGeolocation();
  const query = useExplore(userId, exploreQueryOf(filters, geo.position));
  const [selectedClubId, setSelectedClubId] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const today = tonightDate(new Date());
  const result = query.data;

  const selectClub = useCallback(
    (clubId: string) => {
      setSelectedClubId(clubId);
      if (isMobile) setSheetOpen(true);
    },
    [isMobile],
  );

  const lists =
    query.isError && !result ? (
      <ErrorState message={t('error')} error={query.error} onRetry={() => void query.refetch()} />
    ) : !result ? (
      <p role="status" className="py-6 text-center text-sm text-white/60">
        {t('loading')}
      </p>
    ) : (
      <ExploreLists
        result={result}
        signedIn={Boolean(userId)}
        selectedClubId={selectedClubId}
        onClearClub={() => setSelectedClubId(null)}
        onClearFilters={clear}
      />
    );

  const map = (
    <Suspense
      fallback={
        <p role="status" className="grid h-full place-items-center text-sm text-white/50">
          {t('loadingMap')}
        </p>
      }
    >
      <ExploreMap
        clubs={result?.clubs ?? []}
        selectedClubId={selectedClubId}
        onSelectClub={selectClub}
        me={geo.position}
        zoomButtons={!isMobile}
      />
    </Suspense>
  );

  const count = result ? t('eventsFound', { count: result.events.length }) : t('loading');

  if (isMobile)
    return (
      <div data-testid="explore-page" className="relative h-[calc(100dvh-9rem)] overflow-hidden">
        <h1 className="sr-only">{t('title')}</h1>
        <div className="absolute inset-0">{map}</div>
        <div className="pointer-events-none absolute inset-x-0 top-0 z-10 space-y-2 bg-gradient-to-b from-night-950 via-night-950/80 to-transparent px-3 pt-2 pb-4 *:pointer-events-auto">
          <div className="flex items-center gap-2">
            <div className="min-w-0 flex-1">
              <WhenChips filters={filters} onChange={setFilter} />
            </div>
            <button
              type="button"
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen(!filtersOpen)}
              className="inline-flex shrink-0 items-center gap-1 rounded-full border border-night-700 bg-night-900 px-3 py-1.5 text-sm text-neon-400"
            >
              <SlidersHorizontal aria-hidden className="size-4" />
              {t('filters')}
              {countExploreFilters(filters) > 0 && (
                <span className="rounded-full bg-neon-600 px-1.5 text-xs text-white">
                  {countExploreFilters(filters)}
                </span>
              )}
            </button>
          </div>
          {filtersOpen && (
            <div className="space-y-3 rounded-2xl border border-night-700 bg-night-950/95 p-3">
              <ExploreFilterPanel filters={filters} onChange={setFilter} today={today} />
              <NearMe geo={geo} />
            </div>
          )}
          {!filtersOpen && <MarkerLegend className="px-1" />}
        </div>
        <BottomSheet open={sheetOpen} onToggle={() => setSheetOpen(!sheetOpen)} title={count}>
          {lists}
        </BottomSheet>
      </div>
    );

  return (
    <div data-testid="explore-page" className="grid h-dvh grid-cols-[400px_1fr] xl:grid-cols-[440px_1fr]">
      <aside aria-label={count} className="flex min-h-0 flex-col border-r border-night-800">
        <div className="space-y-4 border-b border-night-800 p-5">
          <header className="space-y-1">
            <h1 className="text-3xl font-bold tracking-tight text-white">{t('title')}</h1>
            <p className="text-sm text-white/60">{t('lead')}</p>
          </header>
          <WhenChips filters={filters} onChange={setFilter} wrap />
          <ExploreFilterPanel filters={filters} onChange={setFilter} today={today} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <NearMe geo={geo} />
            <MarkerLegend />
          </div>
        </div>
        <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-5">
          <p role="status" className="text-sm text-white/60">
            {count}
          </p>
          {lists}
        </div>
      </aside>
      <div className="relative min-h-0">{map}</div>
    </div>
  );
}
