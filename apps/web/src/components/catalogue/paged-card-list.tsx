// The body of a catalogue list page (clubs, events): placeholders while the first page loads, the error with a
// retry when nothing could be shown, a way out of filters that match nothing, then the cards and "load more"
// (with its own error when a later page fails, the cards already shown staying in place).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { CardGrid } from './card-grid.tsx';
import { CardGridSkeleton } from './card-skeleton.tsx';
import { NothingFound, ErrorState, LoadMore } from './query-states.tsx';

// What the list needs of TanStack Query's infinite query.
export type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
};

export function PagedCardList<T extends { id: string }>({
  query,
  items,
  label,
  rows = false,
  errorMessage,
  emptyMessage,
  onClearFilters,
  card,
}: {
  query: PagedQuery;
  items: T[];
  // The list's name, read out while it loads.
  label: string;
  // Placeholders shaped as rows on a phone (event cards).
  rows?: boolean;
  errorMessage: string;
  emptyMessage: string;
  onClearFilters: () => void;
  card: (item: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation('catalogue');
  if (query.isPending) return <CardGridSkeleton label={label} rows={rows} />;
  if (query.isError && items.length === 0)
    return <ErrorState message={errorMessage} error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0)
    return (
      <NothingFound
        message={emptyMessage}
        action={
          <Button type="button" onClick={onClearFilters}>
            {t('clearFilters')}
          </Button>
        }
      />
    );
  return (
    <>
      <CardGrid>{items.map(card)}</CardGrid>
      {query.isFetchNextPageError && (
        <ErrorState message={errorMessage} error={query.error} onRetry={() => void query.fetchNextPage()} />
      )}
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </>
  );
}
