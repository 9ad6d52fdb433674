// /conexiones and /connections (signed in; the route's gate handles visitors): tabs for my connections, the
// requests I received and sent, and suggestions, each with its count; the tab lives in the URL (?tab=received).
import { Users } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConnectionTab } from '@nocturna/shared';
import { CONNECTION_TABS, connectionTabSchema } from '@nocturna/shared/connections';
import { PageHeader } from '../../components/catalogue/page-header.tsx';
import { ErrorState, LoadMore } from '../../components/catalogue/query-states.tsx';
import { usePageTitle } from '../../components/catalogue/use-page-title.ts';
import { focusRing } from '../../components/focus-ring.ts';
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
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  useConnectionsLive();
  usePageTitle(`${t('title')} | Nocturna`);

  const select = (next: ConnectionTab, focus = false) => {
    setParams(next === 'connections' ? {} : { tab: next }, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = CONNECTION_TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    select(CONNECTION_TABS[(index + step + CONNECTION_TABS.length) % CONNECTION_TABS.length]!, true);
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-5 sm:py-12">
      <PageHeader title={t('title')} lead={t('lead')} />
      <div
        role="tablist"
        aria-label={t('tabsLabel')}
        className="mt-6 -mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0"
      >
        {CONNECTION_TABS.map((name) => {
          const active = name === tab;
          const count = counts.data?.[name];
          return (
            <button
              key={name}
              ref={(el) => {
                tabRefs.current[name] = el;
              }}
              type="button"
              onKeyDown={onKeyDown}
              role="tab"
              id={`tab-${name}`}
              aria-selected={active}
              aria-controls="connections-panel"
              tabIndex={active ? 0 : -1}
              onClick={() => select(name)}
              className={`inline-flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition ${focusRing} ${
                active
                  ? 'border-neon-500 bg-neon-600 text-white shadow-[0_0_18px_-4px] shadow-neon-500'
                  : 'border-night-700 bg-night-900 text-white/70 hover:text-white'
              }`}
            >
              {t(`tabs.${name}`)}
              {count !== undefined && (
                <span
                  data-testid={`count-${name}`}
                  className={`rounded-full px-2 py-0.5 text-xs ${active ? 'bg-white/20' : 'bg-white/10'}`}
                >
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div id="connections-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-6">
        <TabList userId={userId} tab={tab} />
      </div>
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
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-night-700 px-6 py-12 text-center">
        <Users aria-hidden className="size-9 text-neon-400/70" />
        <p className="font-semibold text-white">{t(`empty.${tab}.title`)}</p>
        <p className="max-w-sm text-sm text-white/60">{t(`empty.${tab}.body`)}</p>
      </div>
    );
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
