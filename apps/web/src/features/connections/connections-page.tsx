// /conexiones and /connections (signed in; the route's gate handles visitors): tabs for my connections, the
// requests I received and sent, and suggestions, each with its count; the tab lives in the URL (?tab=received).
import { Users } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConnectionTab } from '@nocturna/shared';
import { CONNECTION_TABS, connectionTabSchema } from '@nocturna/shared/connections';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState, LoadMore } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { useSession } from '../auth/api/use-session.ts';
import { useConnectionCounts } from './api/get-connection-counts.ts';
import { useConnections } from './api/get-connections.ts';
import { ConnectionRow } from './components/connection-row.tsx';
import { useConnectionsLive } from './use-connections-live.ts';

export default function ConnectionsPage() {
  const { t } = useTranslation('connections');
  const userId = useSession().user?.id ?? '';
  const [params, setParams] = useSearchParams();
  const parsed = connectionTabSchema.safeParse(params.get('tab'));
  const tab: ConnectionTab = parsed.success ? parsed.data : 'connections';
  const counts = useConnectionCounts(userId);
  const tabsId = useId();
  useConnectionsLive();
  usePageTitle(`${t('title')} | Nocturna`);

  const select = (next: ConnectionTab) =>
    setParams(next === 'connections' ? {} : { tab: next }, { replace: true });

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-12">
      <PageHeader title={t('title')} lead={t('lead')} />
      <Tabs
        id={tabsId}
        label={t('tabsLabel')}
        tabs={CONNECTION_TABS.map((name) => ({
          value: name,
          label: (active: boolean) => {
            const count = counts.data?.[name];
            return (
              <>
                {t(`tabs.${name}`)}
                {count !== undefined && (
                  <span
                    data-testid={`count-${name}`}
                    className={`rounded-full px-2 py-0.5 text-xs ${active ? 'bg-white/20' : 'bg-white/10'}`}
                  >
                    {count}
                  </span>
                )}
              </>
            );
          },
        }))}
        selected={tab}
        onSelect={select}
        className="mt-6 -mx-4 px-4 sm:mx-0 sm:px-0"
      />
      <TabPanel id={tabsId} selected={tab} className="mt-6">
        <TabList userId={userId} tab={tab} />
      </TabPanel>
    </section>
  );
}

function TabList({ userId, tab }: { userId: string; tab: ConnectionTab }) {
  const { t } = useTranslation('connections');
  const list = useConnections(userId, tab);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) {
    return (
      <ul aria-busy="true" aria-label={t('loading')} className="flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-16 animate-pulse rounded-2xl bg-night-900" />
        ))}
      </ul>
    );
  }
  if (list.isError && items.length === 0)
    return <ErrorState message={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  if (items.length === 0) {
    return <EmptyState icon={Users} title={t(`empty.${tab}.title`)} text={t(`empty.${tab}.body`)} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <ConnectionRow key={item.user.id} item={item} />
        ))}
      </ul>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
      />
    </div>
  );
}
