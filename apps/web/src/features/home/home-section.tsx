// One row of the home page with its own loading, error and empty states.
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { Page } from '@nocturna/shared';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link.tsx';
import { CardRail } from '../../components/catalogue/card-rail.tsx';
import { CardSkeleton } from '../../components/catalogue/card-skeleton.tsx';
import { NothingFound, ErrorState } from '../../components/catalogue/query-states.tsx';
import { Section } from '../../components/catalogue/section.tsx';

type Props<T> = {
  title: string;
  seeAllTo: string;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  empty: string;
  errorMessage: string;
  render: (item: T, index: number) => ReactNode;
  // Event cards: a list of rows on a phone (CardRail).
  listOnPhone?: boolean;
};

export function HomeSection<T>({
  title,
  seeAllTo,
  query,
  empty,
  errorMessage,
  render,
  listOnPhone = false,
}: Props<T>) {
  const { t } = useTranslation('catalogue');
  const items = query.data?.pages[0]?.items ?? [];
  return (
    <Section
      title={title}
      action={
        <AppLink
          to={seeAllTo}
          className="inline-flex items-center gap-1 text-sm font-semibold text-neon-400 hover:text-neon-500"
        >
          {t('home.seeAll')}
          <ArrowRight aria-hidden className="size-4" />
        </AppLink>
      }
    >
      {query.isPending ? (
        <CardRail listOnPhone={listOnPhone}>
          {[0, 1, 2].map((i) => (
            <CardSkeleton key={i} row={listOnPhone} />
          ))}
        </CardRail>
      ) : query.isError ? (
        <ErrorState message={errorMessage} error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <NothingFound message={empty} />
      ) : (
        <CardRail listOnPhone={listOnPhone}>{items.map(render)}</CardRail>
      )}
    </Section>
  );
}
